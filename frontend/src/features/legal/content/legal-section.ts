export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}
