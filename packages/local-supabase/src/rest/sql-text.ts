/* Identifiers in generated SQL: always quoted, so request text can name but never inject. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`
