import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { runtimeConfig } from '../../lib/read-runtime-config';
import { LanguageSwitch } from '../language-switch/language-switch';
import styles from './page-shell.module.css';

/** docs/spec.md §2 page shell: dark top bar with the logo, the routed content, and the footer. */
export function PageShell({ children }: { children: ReactNode }) {
  const { operatorName, logoUrl, links } = runtimeConfig;
  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        <img className={styles.logo} src={logoUrl} alt={operatorName} width={40} height={40} />
        <LanguageSwitch tone="dark" />
      </header>
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>
        <p>
          © {new Date().getFullYear()} {operatorName}
        </p>
        <ul className={styles.links}>
          <li>
            <a href={links.privacy} target="_blank" rel="noopener noreferrer">
              {t`Privacy`}
            </a>
          </li>
          <li>
            <a href={links.terms} target="_blank" rel="noopener noreferrer">
              {t`Terms`}
            </a>
          </li>
          <li>
            <a href={links.support} target="_blank" rel="noopener noreferrer">
              {t`Support`}
            </a>
          </li>
        </ul>
      </footer>
    </div>
  );
}
