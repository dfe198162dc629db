/** Icon names matching a search: the search text is a substring of the name. */
export function matchIcons(names: string[], search: string): string[] {
  const needle = search.trim().toLowerCase();
  return needle ? names.filter((name) => name.includes(needle)) : names;
}
