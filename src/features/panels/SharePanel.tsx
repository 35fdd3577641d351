import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';
import { SHARE_NETWORKS, shareUrl } from './shareLinks.ts';
import type { ShareViewModel } from './shareModel.ts';
import { QrCode } from './QrCode.tsx';

interface Props {
  title: string;
  /** shareViewModel(location.href): the same link and labels the in-world panel shows. */
  vm: ShareViewModel;
  onClose: () => void;
}

const NETWORK_NAMES: Record<(typeof SHARE_NETWORKS)[number], string> = {
  facebook: 'Facebook', twitter: 'X (Twitter)', messenger: 'Messenger', line: 'LINE', whatsapp: 'WhatsApp',
};

/** Copies through the Clipboard API, or a hidden text field where it is unavailable (plain http, old browsers). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    const ok = document.execCommand('copy');
    field.remove();
    return ok;
  }
}

/** The tour's link: QR code, copy button and social networks, each tagged with its `ref`. */
export function SharePanel({ title, vm, onClose }: Props) {
  const { t } = useTranslation('panels');
  const [copied, setCopied] = useState(false);
  const href = location.href;
  const { link } = vm;
  return (
    <Dialog title={t('share.title')} onClose={onClose} testId="panel-share">
      <figure className="atrium-share__qr">
        <QrCode text={link} label={vm.qrLabel} />
        <figcaption>{vm.qrLabel}</figcaption>
      </figure>
      <div className="atrium-share__copy">
        <input readOnly value={link} aria-label={vm.linkLabel} data-testid="share-link" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" data-testid="share-copy" onClick={() => void copyText(link).then(setCopied)}>{t('share.copy')}</button>
      </div>
      <p role="status" className="atrium-share__status" data-testid="share-status">{copied ? t('share.copied') : ''}</p>
      <ul className="atrium-share__networks">
        {SHARE_NETWORKS.map((network) => (
          <li key={network}>
            <a href={shareUrl(network, href, title)} target="_blank" rel="noreferrer noopener" data-testid={`share-${network}`}>
              {t('share.on', { network: NETWORK_NAMES[network] })}
            </a>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
