import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useState } from 'react';
import buttons from '../../../components/buttons/buttons.module.css';
import { isCodeLive, type CodeLink, type IssuedCode } from '../../../domain/issued-codes';
import styles from '../../console.module.css';
import { smsLine } from '../../format';
import { codeLink, textCodeAgain } from '../api';
import counter from './issued-codes.module.css';
import { useSiteClock } from '../../sites/use-site-clock';

/**
 * A code's actions at the counter: its QR code and link again (to scan, or to copy), and its text again. Each is one
 * request whose state is the mutation's; the issuing flow and its chart are not involved (decision 045).
 */
export function CodeActions({
  code,
  now,
  canText,
  onTexted,
}: {
  code: IssuedCode;
  now: Date;
  canText: boolean;
  onTexted: () => void;
}) {
  const [shown, setShown] = useState<(CodeLink & { image: string }) | null>(null);
  const [copied, setCopied] = useState(false);
  const show = useMutation({
    mutationFn: async () => {
      const link = await codeLink(code.id);
      const image = await QRCode.toDataURL(link.url, { errorCorrectionLevel: 'M', margin: 4, scale: 8 });
      return { ...link, image };
    },
    onSuccess: setShown,
  });
  const text = useMutation({ mutationFn: () => textCodeAgain(code.id), onSuccess: onTexted });
  // A text held for quiet hours names the site's sending window (decision 046).
  const clock = useSiteClock();
  if (!isCodeLive(code, now)) return null;
  const whose = `the code for the number ending ${code.lastFour}`;
  const status =
    show.error?.message ??
    text.error?.message ??
    (text.data ? smsLine(text.data, clock.textSite(code.siteId)) : copied ? 'The link is on the clipboard.' : '');
  return (
    <>
      <div className={counter.actions}>
        {shown ? (
          <button type="button" className={buttons.secondary} onClick={() => setShown(null)}>
            Hide QR code<span className={styles.visuallyHidden}> of {whose}</span>
          </button>
        ) : (
          <button
            type="button"
            className={buttons.secondary}
            disabled={show.isPending}
            aria-busy={show.isPending}
            onClick={() => show.mutate()}
          >
            Show QR code<span className={styles.visuallyHidden}> of {whose}</span>
          </button>
        )}
        {/* A text still waiting to go out is not sent twice: the server would refuse it (text_pending). */}
        {canText && code.sms?.status !== 'queued' && (
          <button
            type="button"
            className={buttons.secondary}
            disabled={text.isPending}
            aria-busy={text.isPending}
            onClick={() => text.mutate()}
          >
            {text.isPending ? 'Texting…' : 'Text again'}
            <span className={styles.visuallyHidden}> {whose}</span>
          </button>
        )}
      </div>
      {shown && (
        <div className={counter.shown}>
          <img className={styles.qr} src={shown.image} alt={`QR code of the link ${shown.url}`} />
          <p className={styles.link}>{shown.url}</p>
          <button
            type="button"
            className={buttons.secondary}
            onClick={() => void navigator.clipboard.writeText(shown.url).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
      )}
      <p role="status" className={show.error || text.error ? counter.refusal : styles.muted}>
        {status}
      </p>
    </>
  );
}
