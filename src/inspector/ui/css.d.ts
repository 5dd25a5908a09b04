/** Style sheets are bundled as text (tsup's `.css` loader) and injected with the inspector. */
declare module '*.css' {
  const text: string;
  export default text;
}
