/** A group of folders the mutation test scores, and the tests that exercise it. */
export declare const GROUPS: Record<string, { mutate: string[]; tests: string[]; ignoreStatic?: boolean }>;
