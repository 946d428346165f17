/**
 * The better-sqlite3 native addon to use instead of the one in node_modules.
 * The single executable loads the addon from its own assets and registers it here before anything
 * opens a database; development and tests leave it unset.
 */
let binding: object | undefined;
let bindingPath: string | undefined;

/** `path`: the addon's file, which worker threads load again for their own connections. */
export function setNativeBinding(loaded: object, path?: string): void {
  binding = loaded;
  bindingPath = path;
}

export function getNativeBinding(): object | undefined {
  return binding;
}

/** The file of the registered addon, if any. */
export function getAddonPath(): string | undefined {
  return bindingPath;
}
