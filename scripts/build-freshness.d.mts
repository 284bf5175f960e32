/** When the last whole build ended (the stamp its last step writes), or 0 when there is none. */
export declare const builtAt: () => number;
/** Whether a source changed since the last build, or there is none. */
export declare const buildIsStale: () => boolean;
