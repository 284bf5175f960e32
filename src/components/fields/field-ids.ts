/** One id scheme, so labels, messages and focus-on-error always find their field. */
export const fieldId = (name: string) => `field-${name}`;
export const errorId = (name: string) => `field-${name}-error`;
