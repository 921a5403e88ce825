/** Tags and attributes that would run code or load something, in HTML text (attribute values are skipped). */
export function liveMarkup(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(
    /<\/?([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g,
  )) {
    const [tag, name, attrs] = [m[0], m[1]!.toLowerCase(), m[2]!];
    if (['script', 'img', 'iframe', 'object', 'embed', 'link', 'base', 'form'].includes(name))
      found.push(tag);
    for (const a of attrs.matchAll(/\s+([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g)) {
      const attr = a[1]!.toLowerCase();
      if (attr.startsWith('on') || /^\W*javascript:/i.test((a[2] ?? '').replace(/^["']/, '')))
        found.push(tag);
    }
  }
  return found;
}
