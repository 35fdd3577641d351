import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FavouritesLabels } from './model/favouritesViewModel.ts';

/** The dialog's and the in-world panel's words in the visitor's language, from the 'favourites' catalog. */
export function useFavouritesLabels(noteLimit: number): { labels: FavouritesLabels; lang: string; removedText: (name: string) => string } {
  const { t, i18n } = useTranslation('favourites');
  const lang = i18n.language;
  const labels = useMemo<FavouritesLabels>(() => ({
    title: t('favourites.title'),
    empty: t('favourites.empty'),
    categories: {
      marker: t('favourites.category-marker'),
      panorama: t('favourites.category-panorama'),
      card: t('favourites.category-card'),
      company: t('favourites.category-company'),
      user: t('favourites.category-user'),
      nameCard: t('favourites.category-name-card'),
    },
    gone: t('favourites.gone'),
    goThere: t('favourites.go-there'),
    remove: t('favourites.remove'),
    note: t('favourites.note'),
    notePlaceholder: t('favourites.note-placeholder'),
    saveNote: t('favourites.save-note'),
    noteLimit: t('favourites.note-limit', { n: noteLimit }),
    undo: t('favourites.undo'),
    removed: t('favourites.removed', { name: '{{name}}' }),
    failed: t('favourites.failed'),
    signInHint: t('favourites.sign-in-hint'),
    signIn: t('favourites.sign-in'),
  // lang is a dependency so the words change with the language (t keeps its identity across a change).
  }), [t, lang, noteLimit]);
  // Stable while the words are: the in-world panel's view model is built from it and must not change every render.
  const removedText = useCallback((name: string) => labels.removed.replace('{{name}}', name), [labels]);
  return { labels, lang, removedText };
}
