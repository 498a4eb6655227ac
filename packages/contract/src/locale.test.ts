import { describe, expect, test } from 'vitest';
import { localeFromAcceptLanguage, localeOfPath, matchLocale, pathInLocale, stripLocalePrefix } from './locale.ts';

describe('locales', () => {
  test('path prefixes', () => {
    expect(localeOfPath('/de/about')).toBe('de');
    expect(localeOfPath('/pt-br/')).toBe('pt-BR');
    expect(localeOfPath('/about')).toBeUndefined();
    expect(localeOfPath('/en/about')).toBeUndefined();
    expect(localeOfPath('/dashboard')).toBeUndefined();
    expect(stripLocalePrefix('/ar')).toBe('/');
    expect(stripLocalePrefix('/ar/contact')).toBe('/contact');
    expect(pathInLocale('/de/about', 'es')).toBe('/es/about');
    expect(pathInLocale('/de/', 'en')).toBe('/');
    expect(pathInLocale('/', 'pt-BR')).toBe('/pt-br/');
  });
  test('matching tags and Accept-Language', () => {
    expect(matchLocale('de-AT')).toBe('de');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('fr')).toBeUndefined();
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(localeFromAcceptLanguage('de;q=0, ar;q=0.5')).toBe('ar');
    expect(localeFromAcceptLanguage('fr, it')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });
});
