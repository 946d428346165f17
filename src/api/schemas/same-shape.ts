/**
 * The API's shapes are written once, as schemas, in this folder, and their TypeScript types are
 * derived from them (`Static<>`). Core builds its answers as plain interfaces (it does not
 * import the API layer); each schema module ties the two with `Assert<Same<Schema, CoreView>>`,
 * so a field added to one and not the other stops the build.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export type Assert<T extends true> = T;
