// The docs' markdown, imported as text (`with { type: 'text' }`): esbuild bundles it.
declare module '*.md' {
  const text: string;
  export default text;
}
