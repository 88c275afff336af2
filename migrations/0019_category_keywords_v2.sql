-- The default category tree, version 2: more of the everyday words sites use for some
-- categories (command line, library, framework; farm, rice; language school; digital signature;
-- agency, workshop, manufacturer), in the same languages as version 1. Measured with npm run eval:
-- sites that say "terminal", "Sprachschule" or "農園" named no category before.
--
-- Only for a directory that runs the default tree (it took version 1): keywords are added, never
-- removed; names, slugs, positions and listings are left as they are; a category the operator
-- removed or renamed is simply not matched.

with additions (slug, words) as (values
  ('developer-tools', array['command line','command-line','cli','terminal','shell','ssh','compiler','framework','sdk','programming language','development platform','Kommandozeile','ligne de commande','línea de comandos','командная строка','фреймворк','платформа разработки','コマンドライン','フレームワーク','開発プラットフォーム']),
  ('code-editors', array['editor for programmers','terminal editor','Texteditor','éditeur de texte','editor de texto','текстовый редактор','テキストエディタ']),
  ('desktop-apps', array['for windows','for macos','for mac','for linux','windows and linux','mac app store','desktop','Windows e Linux','für Windows','pour Windows','para Windows','для Windows','Mac用','Windows用']),
  ('e-signature', array['digital signature','electronic signature','e-signature','sign documents','pdf editor','firma digitale','firma electrónica','signature électronique','elektronische Signatur','электронная подпись','電子署名','PDF編集']),
  ('food-drink', array['farm','rice','vegetables','bakery','wine','winery','vineyard','Weingut','Wein','vin','vignoble','vino','vinos','bodega','viñedo','вино','винодельня','ワイン','coffee roastery','Bauernhof','Hofladen','Bäckerei','ferme','boulangerie','granja','panadería','fattoria','ферма','фермерские продукты','пекарня','農園','農家'',お米','野菜']),
  ('language-learning', array['language school','language course','english course','english lessons','english classes','Sprachschule','école de langues','escuela de idiomas','scuola di lingue','языковая школа','английский язык','курсы английского','英語教室','語学スクール']),
  ('tutoring', array['exam preparation','private lessons','Nachhilfeunterricht','cours particuliers','clases de apoyo','егэ','огэ','подготовка к егэ','частные уроки','個別指導']),
  ('agencies', array['agency','web agency','design agency','marketing agency','digital agency','web design','Agentur','Webagentur','Werbeagentur','agence','agence web','agencia','agencia digital','agenzia','агентство','веб-студия','制作会社','ウェブ制作']),
  ('local-services', array['craftsman','metalwork','plumber','electrician','salon','escape room','driving school','Handwerk','Meisterbetrieb','Werkstatt','Schlosserei','Metallbau','artisan','atelier','taller','cerrajería','мастерская','ремонт','工房']),
  ('hardware', array['manufacturer','handmade','Hersteller','fabricant','fabricante','produttore','производитель','メーカー','製造'])
),
applied as (
  update categories c
  set keywords = array(select distinct k from unnest(c.keywords || a.words) as k order by k)
  from additions a
  where c.slug = a.slug and exists (select 1 from category_tree_versions where version = 1)
  returning c.id
)
insert into category_tree_versions (version)
select 2 where exists (select 1 from category_tree_versions where version = 1)
on conflict do nothing;
