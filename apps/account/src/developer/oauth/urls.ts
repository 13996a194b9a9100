/** The host of a URL for display ('sitediary.example', '127.0.0.1:8123'), or the URL itself. */
export function hostOf(url: string): string {
  return URL.parse(url)?.host || url;
}
