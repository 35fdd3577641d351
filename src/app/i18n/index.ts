export { initI18n, applyDocumentLanguage, type DocumentLike, type InitI18nOptions } from './initI18n.ts';
export {
  resolveLocale, normalizeLanguageTag, languageDirection, isInterfaceLanguage, type Lang, type TextDirection,
} from '../../protocol/languages.ts';
export { NAMESPACES, DEFAULT_NAMESPACE, type Namespace } from './catalogBackend.ts';
