import { useTranslation } from 'react-i18next';
import type { SectionId } from './sections';

/** A section of the console that lands in a later release: said plainly, not an empty page. */
export function ComingNextScreen({ section }: { section: SectionId }) {
  const { t } = useTranslation();
  const name = t(`nav.${section}`);
  return (
    <section className="coming-next" aria-labelledby="coming-next-title">
      <header className="page__header">
        <h1 id="coming-next-title">{name}</h1>
      </header>
      <div className="panel coming-next__panel">
        <span className="badge">{t('next.title')}</span>
        <p>{t('next.text', { section: name })}</p>
      </div>
    </section>
  );
}
