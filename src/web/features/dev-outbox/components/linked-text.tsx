const urlPattern = /https?:\/\/[^\s<>"']+/g;

interface Segment {
  /** Where the segment starts in the text: stable, so it serves as the React key. */
  at: number;
  text: string;
  link: boolean;
}

function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    if (match.index > last) out.push({ at: last, text: text.slice(last, match.index), link: false });
    out.push({ at: match.index, text: match[0], link: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ at: last, text: text.slice(last), link: false });
  return out;
}

/**
 * Plain text with its web addresses made into links, the way a mail client shows them. Only http(s)
 * addresses become links, so a message cannot smuggle in a javascript: URL.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
      {segments(text).map((s) =>
        s.link ? (
          <a
            key={s.at}
            href={s.text}
            className="break-all font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {s.text}
          </a>
        ) : (
          <span key={s.at}>{s.text}</span>
        ),
      )}
    </p>
  );
}
