declare module '*.svg' {
  /** The SVG document as text (webpack asset/source). */
  const source: string;
  export default source;
}
