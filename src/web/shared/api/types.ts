// The API's types, from the contract module that the web app, the CLI and the TUI share.
export type { ApiBody, ApiPaths, ApiResponse } from '../../../contract/api.js';
