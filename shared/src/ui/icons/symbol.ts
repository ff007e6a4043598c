/** One icon: its name (the element's data-icon) and its SVG. */
export interface IconSymbol {
  readonly name: string;
  readonly svg: string;
}
