import { sql, type RawBuilder } from 'kysely';

/**
 * Keyword search with LIKE, the same on SQLite and PostgreSQL: %, _ and \ typed by a person match
 * themselves. SQLite has no default escape character, so every pattern goes with ESCAPE '\'.
 */
export const escapeLikeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern for "contains `text`" (use with ESCAPE '\'). */
export const likeContains = (text: string) => `%${escapeLikeText(text)}%`;

/** `column` contains `text` literally, ignoring case (lower() on both sides, on both databases). */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likeContains(text.toLowerCase())} escape '\\'`;
}
