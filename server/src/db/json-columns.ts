/** Shapes of jsonb columns the code fixes; `schema-codegen.ts` types the columns with them. */

export interface NoticeSuggestion {
  zhSuggest: string;
  enSuggest: string;
}

export type NoticeSuggestions = NoticeSuggestion[];

/** Release notes keyed by server language (`en`, `zh`, ...). */
export type VersionNotes = Partial<Record<string, string>>;

/** A dictionary entry's text keyed by server language (`en`, `zh`, ...). */
export type DictionaryTexts = Partial<Record<string, string>>;

/** A brand's sign-in title, footer or agreement keyed by server language (`en`, `zh`, ...). */
export type BrandTexts = Partial<Record<string, string>>;
