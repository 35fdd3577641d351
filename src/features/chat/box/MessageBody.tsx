import { messageParts } from '../messageText.ts';

/** A message's text as text nodes and safe links: nothing a person writes is ever parsed as HTML. */
export function MessageBody({ text }: { text: string }) {
  return (
    <>
      {messageParts(text).map((part, i) =>
        part.kind === 'link'
          ? <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">{part.text}</a>
          : <span key={i}>{part.text}</span>)}
    </>
  );
}
