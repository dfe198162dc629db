// Keyword search over a FULLTEXT index on both MySQL 8 and MariaDB: the goods name is stored as
// space-separated bigram tokens, each hex-encoded so that no token is shorter than innodb_ft_min_token_size.
// The query is encoded the same way and every token is required; a LIKE on the name then keeps exact matches only.

/** Lower-cased runs of letters and digits (CJK included); everything else separates runs. */
function runs(text: string): string[] {
  return text.toLowerCase().normalize('NFKC').split(/[^\p{L}\p{N}]+/u).filter(Boolean)
}

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex')

/** Bigrams of every run. */
function grams(text: string): string[] {
  const out = new Set<string>()
  for (const run of runs(text)) {
    const chars = [...run]
    for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i] + chars[i + 1])
  }
  return [...out]
}

/** The value of goods.search_text for a goods name. */
export function searchText(name: string): string {
  return grams(name).map(hex).join(' ')
}

/** The BOOLEAN MODE query for keywords, or '' when the index cannot answer it (no letters or digits, or a
 *  one-character run, whose token the names do not store): the caller then scans with LIKE alone. */
export function searchQuery(keywords: string): string {
  if (runs(keywords).some((run) => [...run].length < 2)) return ''
  return grams(keywords).map((g) => `+${hex(g)}`).join(' ')
}
