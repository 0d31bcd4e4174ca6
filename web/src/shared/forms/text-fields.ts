/**
 * A form's values for a contract shape whose named fields the form holds as text (a select of
 * "true" and "false", a number typed into a text box). The keys still come from the schema:
 * naming a field it lacks fails to compile, and so does a form after a field is renamed.
 */
export type WithTextFields<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };
