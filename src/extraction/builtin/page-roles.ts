import type { PageSnapshot } from '../../crawler/types.ts';

/** What a page is for, judged from its path (in the languages the crawler looks for too). */
export type PageRole = 'home' | 'about' | 'team' | 'pricing' | 'features' | 'faq' | 'contact' | 'legal' | 'other';

const ROLES: Array<[PageRole, RegExp]> = [
  ['pricing', /pricing|price|plans|preise|tarif|prix|precios|prezzi|preços|precos|kosten|ceny|stoimost|ryokin|ryoukin|тариф|цены|стоимость|料金|価格/],
  ['faq', /faq|fragen|questions|preguntas|domande|vragen/],
  ['legal', /imprint|impressum|legal|mentions-legales|aviso-legal|note-legali|colofon|terms|privacy|datenschutz/],
  ['contact', /contact|kontakt|contacto|contatti|contato/],
  ['team', /team|founders|gruender|gründer|equipe|équipe|equipo/],
  ['about', /about|ueber-uns|uber-uns|über-uns|a-propos|qui-sommes|sobre|chi-siamo|company|unternehmen|story|mission|over-ons|o-nas|o-kompanii|kaisha|gaiyou|о-нас|о-компании|会社概要|企業情報/],
  ['features', /features|funktionen|leistungen|fonctionnalit|prestations|caracter[ií]sticas|funcionalidades|funzionalit|functies|services?|servicios|servicos|servizi|uslugi|vozmozhnosti|how-it-works|возможности|услуги|機能|サービス/],
];

export function pageRole(page: PageSnapshot): PageRole {
  let path: string;
  try {
    path = decodeURIComponent(new URL(page.finalUrl).pathname).toLowerCase();
  } catch {
    return 'other';
  }
  if (path === '/' || path === '' || /^\/(?:index\.html?|[a-z]{2}(?:-[a-z]{2})?\/?)$/.test(path)) return 'home';
  return ROLES.find(([, re]) => re.test(path))?.[0] ?? 'other';
}
