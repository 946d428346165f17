/**
 * The better-sqlite3 native addon to use instead of the one in node_modules.
 * The single executable loads the addon from its own assets and registers it here before anything
 * opens a database; development and tests leave it unset.
 */
let binding: object | undefined;

export function setNativeBinding(loaded: object): void {
  binding = loaded;
}

export function getNativeBinding(): object | undefined {
  return binding;
}
