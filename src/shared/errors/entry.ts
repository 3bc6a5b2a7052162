/**
 * One failure the API can answer: its HTTP status and a short English sentence for API clients and
 * logs. Members never read it: the web app words every code itself (src/web/lib/errors/).
 */
export interface ErrorEntry {
  status: number;
  message: string;
}
