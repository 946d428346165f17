// esbuild plugins shared by the development bundle (scripts/build.mjs) and the single executable.
import { pdfkitPlugins } from './pdfkit.mjs';
import { inkPlugins } from './ink.mjs';
import { asciiOutput } from './ascii-output.mjs';

export const plugins = [...pdfkitPlugins, ...inkPlugins, asciiOutput];
