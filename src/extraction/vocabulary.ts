/**
 * The words that make a statement explicit, in the languages sites are commonly written in. Both
 * the built-in extractor (to find statements) and the verifier (to accept them, whoever proposed
 * them) use these lists, all in normalised form (see quote-match.ts: lower case, straight quotes,
 * "-" for every dash).
 */

/** Someone is named as a founder (or the company's chief executive), or as having founded it. */
export const FOUNDER_WORDS = [
  // en
  'founder', 'founders', 'co-founder', 'co-founders', 'cofounder', 'cofounders', 'founded', 'co-founded', 'ceo', 'chief executive officer',
  // who made an open-source project ("Mosh was written by Keith Winstein"); credits in footers are not read
  'written by', 'created by',
  // de
  'gründer', 'gründerin', 'gründerinnen', 'mitgründer', 'mitgründerin', 'mitbegründer', 'mitbegründerin', 'gegründet von',
  'geschäftsführer', 'geschäftsführerin', 'geschäftsführung', 'gegründet', 'gründete',
  // an imprint's "Vertreten durch" names who legally represents the company: its managing director
  'vertreten durch',
  // fr
  'fondateur', 'fondatrice', 'fondateurs', 'cofondateur', 'co-fondateur', 'cofondatrice', 'co-fondatrice', 'fondé par',
  'fondée par', 'fondé', 'fondée', 'a fondé', 'pdg', 'directeur général', 'directrice générale', "chef d'entreprise",
  "cheffe d'entreprise", 'gérant', 'gérante', 'dirigeant', 'dirigeante',
  // es, pt
  'fundador', 'fundadora', 'fundadores', 'cofundador', 'cofundadora', 'co-fundador', 'co-fundadora', 'fundada por',
  'fundado por', 'fundó', 'fundada', 'fundado', 'director ejecutivo', 'consejero delegado',
  // it
  'fondatore', 'fondatori', 'cofondatore', 'co-fondatore', 'cofondatrice', 'fondata', 'fondato', 'amministratore delegato',
  // nl
  'oprichter', 'oprichters', 'oprichtster', 'mede-oprichter', 'medeoprichter', 'opgericht',
  // pl, sv, da, no, fi (the managing director heads a Nordic company: "verkställande direktör", "administrerende direktør")
  'założyciel', 'założycielka', 'współzałożyciel', 'współzałożycielka', 'prezes zarządu', 'grundare', 'medgrundare',
  'grundlægger', 'medstifter', 'gründer', 'grunnlegger', 'verkställande direktör', 'administrerende direktør',
  'daglig leder', 'toimitusjohtaja', 'perustaja',
  // cs
  'zakladatel', 'zakladatelka', 'spoluzakladatel', 'spoluzakladatelka', 'založil', 'založila', 'jednatel', 'jednatelka',
  // sk
  'zakladateľ', 'zakladateľka', 'konateľ', 'konateľka',
  // the instrumental a copula takes ("je zakladatelem", "jest założycielem", "является основателем")
  'zakladatelé', 'zakladatelem', 'zakladatelkou', 'spoluzakladatelé', 'spoluzakladatelem', 'spoluzakladatelkou', 'majitelem',
  'majitelkou', 'jednatelem', 'jednatelkou', 'generální ředitel', 'generální ředitelka', 'výkonný ředitel', 'výkonná ředitelka',
  'zakladatelia', 'zakladateľom', 'zakladateľkou', 'spoluzakladateľ', 'spoluzakladateľka', 'spoluzakladateľom', 'majiteľ',
  'majiteľka', 'majiteľom', 'konateľom', 'generálny riaditeľ', 'generálna riaditeľka', 'výkonný riaditeľ',
  'założyciele', 'założycielem', 'założycielką', 'współzałożyciele', 'współzałożycielem', 'współzałożycielką', 'właścicielem',
  'właścicielką',
  // sv, da, nb, fi beyond the above; a bare "direktør" or "prezes" also heads offices and authorities (a Polish privacy
  // policy names the "Prezes Urzędu Ochrony Danych Osobowych")
  'grundaren', 'grundarna', 'medgrundaren', 'innehavare', 'grundlæggeren', 'grundlæggere', 'medgrundlægger', 'indehaver',
  'adm. direktør', 'grunnleggeren', 'grunnleggere', 'medgrunnlegger', 'innehaver', 'perustajat', 'perustajana', 'toimitusjohtajana',
  'toinen perustaja',
  // uk
  'засновник', 'засновниця', 'засновники', 'співзасновник', 'співзасновниця', 'співзасновники', 'засновником', 'засновницею',
  'генеральний директор', 'власник', 'власниця',
  // ru instrumental
  'основателем', 'основательницей', 'сооснователем', 'соосновательницей', 'учредителем',
  // es, pt, it, nl beyond the above (the Flemish "zaakvoerder" manages a company as a Geschäftsführer does)
  'cofundadores', 'director general', 'directora general', 'directora ejecutiva', 'consejera delegada', 'diretor executivo',
  'diretora executiva', 'diretor-geral', 'diretora-geral', 'sócio-gerente', 'sócia-gerente', 'fondatrici', 'cofondatori',
  'medeoprichters', 'zaakvoerder', 'zaakvoerster',
  // tr (İ lower-cased by JavaScript keeps its dot as a combining mark)
  'kurucu', 'kurucusu', 'kurucumuz', 'kurucular', 'kurucuları', 'kurucu ortak', 'kurucu ortağı', 'kurucu ortaklar', 'eş kurucu',
  'genel müdür', 'genel müdürü', 'işletme sahibi', 'i\u0307şletme sahibi',
  // ru
  'основатель', 'основательница', 'основатели', 'сооснователь', 'соосновательница', 'сооснователи', 'учредитель',
  'соучредитель', 'генеральный директор',
  // the director "of our" school or studio heads this business; a bare "директор" may head another one
  'директор нашего', 'директор нашей', 'руководитель нашего', 'руководитель нашей',
  // the owner, as imprints and contact pages name them ("Inhaber: …", "Majitel: …", "Владелец: …")
  'inhaber', 'inhaberin', 'majitel', 'majitelka', 'właściciel', 'właścicielka', 'eigenaar', 'eigenares', 'владелец', 'владелица',
  'propriétaire', 'propietario', 'propietaria', 'proprietário', 'proprietária', 'proprietario', 'proprietaria',
  // ja, zh (no word boundaries in these scripts)
  // 代表 (者): who represents the business, its head; 代表取締役: representative director
  '創業者', '共同創業者', '代表取締役', '代表者', '代表', '创始人', '联合创始人', '創辦人', '創始人',
  '創設者', '創立者', '社長', '创办人', '共同创办人', '共同創辦人', '首席执行官', '首席執行官', '总经理', '總經理',
  // ko (written with spaces, but particles cling to the word: "창업자인", "대표이사는"); a bare "대표" also means "typical"
  '창업자', '공동창업자', '공동 창업자', '창업주', '창립자', '설립자', '공동설립자', '대표이사', '대표자',
];

/**
 * Founder words only in their own language: the Swedish managing director signs "VD", but in
 * Swiss French "Lausanne VD" is the canton of Vaud. Keyed by the page's primary language.
 */
export const FOUNDER_WORDS_BY_LANGUAGE: Readonly<Record<string, readonly string[]>> = {
  sv: ['vd'],
  // Danish and Norwegian "stifter" founds a company; a German "Stifter" endows a foundation or a church window
  da: ['stifter', 'stifteren'],
  nb: ['stifter', 'stifteren'],
  no: ['stifter', 'stifteren'],
  nn: ['stifter', 'stifteren'],
};

/**
 * Owner words that alone could name anyone's property or a customer ("a small business owner who
 * uses our app"): read only of the person a business is named after ("Becca is a home baker
 * turned small business owner" on the site of "Becca's Cakes", see guards/namesake.ts).
 */
export const NAMESAKE_OWNER_WORDS = [
  'owner', 'business owner', 'proprietor', 'eigentümer', 'eigentümerin', 'ägare', 'titolare', 'dueño', 'dueña', 'хозяйка', 'хозяин',
  'ejer', 'omistaja', 'sahibi', 'господиня', 'господар',
];

/**
 * A person introducing themselves ("My name is Jane Doe"). Only on an "About me" page (below) is
 * this who runs the business: a one-person business presents its owner there.
 */
export const SELF_INTRODUCTIONS = [
  'my name is', 'ich heiße', 'ich heisse', 'mein name ist', "je m'appelle", 'me llamo', 'mi nombre es', 'meu nome é', 'chamo-me',
  'mi chiamo', 'il mio nome è', 'mijn naam is', 'nazywam się', 'mam na imię', 'jmenuji se', 'меня зовут',
  'me chamo', 'jmenuju se', 'mé jméno je', 'volám sa', 'moje meno je', 'jag heter', 'mitt namn är', 'jeg hedder', 'mit navn er',
  'jeg heter', 'mitt navn er', 'nimeni on', "мене звати", "моє ім'я", 'benim adım', '私の名前は', '제 이름은', '我叫', '我的名字是',
];

/**
 * Someone says they founded the business themselves ("I founded", "jsem založil"): a text in
 * their voice, and the name that signs it is theirs.
 */
export const FIRST_PERSON_FOUNDING = [
  'i founded', 'i co-founded', 'i started', 'ich gründete', 'gründete ich', "j'ai fondé", "j'ai cofondé", 'fundé', 'fundei',
  'ho fondato', 'ik richtte', 'richtte ik', 'założyłem', 'założyłam', 'jsem založil', 'jsem založila', 'založil jsem',
  'založila jsem', 'я основал', 'я основала', 'основал я', 'основала я',
  'cofundé', 'založil som', 'založila som', 'som založil', 'som založila', 'jag grundade', 'grundade jag', 'jeg grundlagde',
  'grundlagde jeg', 'jeg grunnla', 'grunnla jeg', 'perustin', 'я заснував', 'я заснувала', 'kurucusuyum', '私が創業', '私が設立',
  '제가 창업', '제가 설립', '我创立', '我創立', '我创办', '我創辦',
];

/**
 * Someone says, in the first person, that they run the business ("I run", "leite ich", "je
 * dirige"). Read only where the business they run is named right after as this site (see
 * guards/first-person-lead.ts): "I run marketing at Foo" is someone else's job.
 */
export const FIRST_PERSON_LEADS = [
  'i run', 'i lead', 'i manage', 'i own', 'i head', 'ich leite', 'leite ich', 'ich führe', 'führe ich', 'ich betreibe',
  'betreibe ich', 'je dirige', 'je gère', 'dirijo', 'gestiono', 'regento', 'dirigo', 'gestisco', 'gerencio', 'ik leid',
  'leid ik', 'ik run', 'run ik', 'ik beheer', 'beheer ik', 'prowadzę', 'kieruję', 'vedu', 'řídím', 'я руковожу',
  'я управляю', 'руковожу я', 'управляю я',
  // sk, sv, da, nb, fi, uk; Japanese, Korean and Turkish name the business before the verb, which this reading does not look for
  'vediem', 'riadim', 'jag driver', 'driver jag', 'jag leder', 'leder jag', 'jeg driver', 'driver jeg', 'jeg leder', 'leder jeg',
  'johdan', 'pyöritän', 'я керую', 'керую я',
];

/** Headings of a page about the one person behind a business ("About me", "Über mich", "Обо мне"). */
export const ABOUT_ME_HEADINGS = [
  'about me', 'über mich', 'ueber mich', 'à propos de moi', 'qui suis-je', 'sobre mí', 'sobre mi', 'sobre mim', 'chi sono',
  'over mij', 'o mnie', 'o mně', 'обо мне', 'о себе',
  'su di me', 'acerca de mí', 'wie ben ik', 'o mne', 'om mig', 'om meg', 'minusta', 'tietoa minusta', 'про мене', 'hakkımda',
  '自己紹介', '私について', '关于我', '關於我', '자기소개', '자기 소개',
];

/** A year is stated as the founding year ("founded in 2019", "seit 2019", "fondée en 2019"). */
export const FOUNDING_WORDS = [
  // en (foundingdate: the crawler's "json-ld foundingDate: 2019" line)
  'founded', 'foundingdate', 'established', 'est.', 'since', 'incorporated', 'started in', 'in business since',
  // de
  'gegründet', 'gründung', 'gründungsjahr', 'seit',
  // fr
  'fondée', 'fondé', 'fondés', 'fondées', 'créée en', 'créé en', 'depuis',
  // es, pt
  'fundada', 'fundado', 'fundación', 'fundação', 'desde',
  // it
  'fondata', 'fondato', 'dal',
  // nl, pl, sv, da, no
  'opgericht', 'sinds', 'założona', 'założony', 'grundat', 'grundades', 'sedan', 'grundlagt', 'siden', 'etablert',
  // sv, da, nb beyond the above
  'grundad', 'etablerad', 'etablerat', 'etableret', 'stiftet', 'grunnlagt',
  // fi ("vuodesta 1995": since the year 1995)
  'perustettu', 'perustettiin', 'vuodesta',
  // pl, cs, sk ("od roku 2005": since the year 2005; a bare "od" is "from" before any figure)
  'od roku', 'założono', 'založena', 'založená', 'založeno', 'založen', 'založený', 'založené',
  // ru, uk
  'основана', 'основан', 'основано', 'год основания', 'на рынке с', 'заснована', 'заснований', 'засновано', 'рік заснування',
  'на ринку з',
  // tr ("2005'ten beri", "2005 yılından bu yana"; a bare "kuruluş" is also "an organisation")
  'kuruldu', 'kurulmuştur', 'kuruluş yılı', 'beri', 'bu yana',
  // ja, zh, ko (no "부터" or "から": a price "2000원부터" would read as a year; no "창업": also "start-up" as a topic)
  '設立', '創業', '成立', '创立', '創立', '创建于', '創建於', '创办于', '創辦於', '설립', '창립',
];

/** A copyright line: its year is the year of the page, never the founding year. */
export const COPYRIGHT_MARKERS = [
  '©', '(c)', 'copyright', 'all rights reserved', 'alle rechte vorbehalten', 'tous droits réservés',
  'todos los derechos reservados', 'tutti i diritti riservati', 'alle rechten voorbehouden', 'todos os direitos reservados',
  'wszelkie prawa zastrzeżone', 'všechna práva vyhrazena', 'všetky práva vyhradené', 'alla rättigheter förbehållna',
  'alle rettigheder forbeholdes', 'alle rettigheter reservert', 'kaikki oikeudet pidätetään', 'все права защищены',
  'всі права захищені', 'tüm hakları saklıdır', 'tüm hakları saklidir', '版权所有', '版權所有', '모든 권리 보유', '無断転載',
];

/**
 * Who hosts the site ("hosted by", "Le site est hébergé par", "gehostet bei"): a legal notice names
 * the web host and its address after these words, and that address is the host's, never the
 * business's. In the twenty languages of the lists; a word that also means lodging (French
 * "hébergement", Spanish "alojamiento") only in its web-host phrases.
 */
export const HOSTED_BY_PHRASES = [
  'hosted by', 'hosted at', 'hosted with', 'hosting services provided by',
  'gehostet von', 'gehostet bei', 'gehostet durch',
  'hébergé par', 'hébergée par', 'hébergé chez', 'hébergée chez',
  'alojado por', 'alojada por', 'alojado en los servidores de', 'hospedado por', 'hospedada por', 'hospedado na', 'hospedado no',
  'ospitato da', 'ospitata da', 'ospitato presso',
  'gehost door', 'gehost bij',
  'hostowana przez', 'hostowany przez', 'hostowane przez',
  'hostováno u', 'hostován u', 'hostována u', 'hostované u', 'hostovaný u',
  'hostas av', 'hostas hos', 'hostes af', 'hostet af', 'hostet hos', 'hostes av', 'hostet av',
  'hostattu', 'palvelintilan tarjoaa',
  'хостинг предоставлен', 'размещен на серверах', 'размещён на серверах', 'розміщено на серверах', 'розміщений на серверах',
  'サーバー提供', '托管於', '托管于',
  'tarafından barındırılmaktadır',
];

/**
 * The web host named as a label ("Hosting provider:", "Hébergeur :", "Webhoster:", "ホスティング事業者："):
 * only before a colon, or as a line of its own, as a hosting company also calls itself a web host
 * ("Acme is a web host based in Berlin"). Left out: "host" alone (a podcast's or an event's), French
 * "hébergement" and Portuguese "hospedagem" alone (also lodging).
 */
export const HOST_LABELS = [
  'hosting provider', 'web host', 'webhost', 'hosting company',
  'hoster', 'hosting-anbieter', 'hostinganbieter', 'hosting-provider', 'webhoster', 'hosting-dienstleister', 'hosting',
  'hébergeur', 'hébergement du site', 'hébergement web',
  'proveedor de alojamiento', 'proveedor de hosting', 'alojamiento web', 'provedor de hospedagem', 'hospedagem do site',
  'fornitore di hosting', 'fornitore hosting',
  'hostingprovider', 'hostingpartij',
  'dostawca hostingu', 'hosting strony',
  'poskytovatel hostingu', 'poskytovatel webhostingu', 'poskytovateľ hostingu', 'poskytovateľ webhostingu', 'webhosting',
  'webbhotell', 'webhotel', 'webhotell', 'webhotelli', 'palvelintila',
  'хостинг-провайдер', 'хостинг провайдер', 'хостинг',
  'ホスティング事業者', 'ホスティングサービス提供者', 'ホスティング',
  '호스팅 제공', '호스팅 업체', '호스팅 서비스 제공', '호스팅',
  '托管服务商', '主机服务商', '主機服務商',
  'barındırma hizmeti', 'barındırma sağlayıcısı', 'hosting sağlayıcısı', 'hosting sağlayıcı',
];

/** Headings of customer-voice sections: names under them are customers, not founders. */
export const TESTIMONIAL_HEADINGS = [
  'testimonial', 'testimonials', 'what our customers say', 'what people say', 'what our users say', 'customers love',
  'loved by', 'reviews', 'customer stories', 'kundenstimmen', 'das sagen unsere kunden', 'erfahrungsberichte',
  'bewertungen', 'témoignages', 'ils nous font confiance', 'ce que disent nos clients', 'avis clients', 'testimonios',
  'lo que dicen nuestros clientes', 'opiniones', 'dicono di noi', 'recensioni', 'wat klanten zeggen', 'ervaringen',
  // matched anywhere in a heading: words that say nothing else ("reference" alone would take "API reference")
  'what our clients say', 'what clients say', 'kind words', 'kundenmeinungen', 'was unsere kunden sagen', 'rezensionen',
  'avis de nos clients', 'reseñas', 'valoraciones', 'lo que dicen', 'depoimentos', 'o que dizem', 'avaliações de clientes',
  'avaliações dos clientes', 'testimonianze', 'cosa dicono', 'wat onze klanten zeggen', 'beoordelingen', 'opinie klientów',
  'opinie naszych klientów', 'co mówią', 'referencje', 'rekomendacje', 'recenze', 'co říkají', 'ohlasy', 'hodnocení zákazníků',
  'hodnocení klientů', 'reference klientů', 'naše reference', 'recenzie', 'čo hovoria', 'referencie', 'hodnotenia zákazníkov',
  'omdömen', 'vad våra kunder säger', 'vad kunderna säger', 'recensioner', 'kundberättelser', 'anmeldelser', 'udtalelser',
  'hvad vores kunder siger', 'hvad kunderne siger', 'hva kundene sier', 'hva våre kunder sier', 'omtaler', 'asiakaskokemuksia',
  'asiakaskokemukset', 'kokemuksia', 'suosittelijat', 'arvostelut', 'mitä asiakkaamme sanovat', 'отзыв', 'что говорят',
  'что о нас говорят', 'відгук', 'що кажуть', 'що говорять', 'お客様の声', 'お客さまの声', 'ご利用者の声', '利用者の声',
  'レビュー', '口コミ', 'クチコミ', '고객 후기', '후기', '리뷰', '고객의 소리', '客户评价', '客戶評價', '用户评价', '用戶評價',
  '客户见证', '客戶見證', '用户反馈', '用戶回饋', 'yorumlar', 'referanslar', 'ne diyor', 'değerlendirmeler',
];

/** Headings of FAQ sections and pages ("FAQ", "Häufige Fragen", "よくある質問"…): the question-shaped blocks under them are FAQs. */
export const FAQ_HEADINGS = [
  'faq', 'faqs', 'frequently asked', 'common questions', 'questions', 'q&a', 'q & a',
  'häufige fragen', 'häufig gestellte fragen', 'fragen und antworten', 'fragen & antworten', 'fragen',
  'questions fréquentes', 'questions-réponses', 'foire aux questions', 'preguntas', 'perguntas frequentes', 'perguntas',
  'domande', 'veelgestelde vragen', 'vragen', 'częste pytania', 'pytania', 'vanliga frågor', 'ofte stillede spørgsmål',
  'частые вопросы', 'часто задаваемые вопросы', 'вопросы и ответы', 'вопрос-ответ', 'вопросы',
  'domande frequenti', 'otázky', 'časté dotazy', 'dotazy', 'frågor och svar', 'frågor', 'spørgsmål og svar', 'spørgsmål',
  'ofte stilte spørsmål', 'spørsmål og svar', 'spørsmål', 'usein kysytyt kysymykset', 'ukk', 'kysymykset', 'kysymyksiä',
  'часті питання', 'поширені запитання', 'часті запитання', 'питання та відповіді', 'питання і відповіді', 'питання', 'запитання',
  'sıkça sorulan sorular', 'sık sorulan sorular', 'sikça sorulan sorular', 'sik sorulan sorular', 'sık sorulanlar', 'sss',
  'sorular', 'merak edilenler',
  'よくある質問', 'よくあるご質問', 'ご質問', '質問', 'q&a', '常见问题', '常見問題', '问答', '問答', '问与答', '問與答',
  '자주 묻는 질문', '자주 하는 질문', '질문', '묻고 답하기',
];

/**
 * Words that set a product against others: a sentence with one ("Unlike SSH, …", "hours, not
 * weeks", "ChaSen に比べ高速", "в отличие от …") says what sets it apart.
 */
export const CONTRAST_WORDS = [
  // en
  'unlike', 'compared to', 'compared with', 'in contrast to', 'rather than', 'instead of', 'than any', 'than other', 'than ever',
  'than traditional', 'than today', 'the only', 'more robust', 'more secure', 'more reliable', 'faster than', 'easier than',
  'cheaper than', 'better than', 'smaller than', 'lighter than',
  // de
  'im gegensatz zu', 'im vergleich zu', 'anders als', 'statt', 'anstatt', 'als je', 'schneller als', 'besser als',
  'günstiger als', 'einfacher als', 'sicherer als', 'der einzige', 'die einzige', 'das einzige',
  // fr
  'contrairement', 'plutôt que', 'au lieu de', 'que jamais', 'le seul', 'la seule',
  'plus rapide que', 'plus simple que', 'moins cher que', 'mieux que', 'pas un', 'pas une',
  // es, pt
  'a diferencia de', 'en comparación con', 'en lugar de', 'en vez de', 'que nunca', 'el único', 'la única',
  'más rápido que', 'mejor que', 'pioneros', 'pioneras', 'ao contrário de', 'em vez de', 'o único', 'a única',
  // it
  'a differenza di', 'invece di', "l'unico", "l'unica", 'più veloce di', 'meglio di',
  // nl
  'in tegenstelling tot', 'vergeleken met', 'in plaats van', 'de enige', 'sneller dan', 'beter dan',
  // ru
  'в отличие от', 'по сравнению с', 'вместо', 'а не', 'чем когда-либо', 'быстрее чем', 'ниже чем', 'лучше чем',
  'единственный', 'единственная', 'единственное',
  // it, es, pt, nl beyond the above
  'rispetto a', 'anziché', 'al posto di', 'più economico di', 'più semplice di', 'más barato que', 'más fácil que',
  'em comparação com', 'comparado com', 'mais rápido que', 'mais barato que', 'melhor que', 'goedkoper dan', 'eenvoudiger dan',
  'makkelijker dan',
  // pl, cs, sk (a bare "jediný" is also "single": "jediné kliknutí"; "místo" is also "place")
  'w przeciwieństwie do', 'w porównaniu z', 'w porównaniu do', 'zamiast', 'jedyny', 'jedyna', 'jedyne', 'szybciej niż',
  'lepiej niż', 'taniej niż', 'na rozdíl od', 've srovnání s', 'oproti', 'namísto', 'jako jediný', 'jako jediná', 'jako jediní',
  'rychlejší než', 'lepší než', 'levnější než', 'na rozdiel od', 'v porovnaní s', 'namiesto', 'ako jediný', 'ako jediná',
  'rýchlejší ako', 'lepší ako', 'lacnejší ako',
  // sv, da, nb, fi
  'till skillnad från', 'jämfört med', 'i stället för', 'istället för', 'den enda', 'det enda', 'snabbare än', 'bättre än',
  'billigare än', 'enklare än', 'i modsætning til', 'sammenlignet med', 'i stedet for', 'den eneste', 'det eneste',
  'hurtigere end', 'bedre end', 'billigere end', 'nemmere end', 'i motsetning til', 'istedenfor', 'raskere enn', 'bedre enn',
  'billigere enn', 'enklere enn', 'toisin kuin', 'verrattuna', 'ainoa', 'nopeampi kuin', 'parempi kuin', 'edullisempi kuin',
  // uk
  'на відміну від', 'порівняно з', 'замість', 'єдиний', 'єдина', 'єдине', 'швидше ніж', 'краще ніж',
  // tr (comparatives: "-den daha hızlı")
  'aksine', 'kıyasla', 'göre daha', 'daha hızlı', 'daha ucuz', 'daha kolay', 'yerine',
  // ja, zh (no word boundaries in these scripts)
  'に比べ', 'と比べ', 'に比較して', 'と比較して', 'ではなく', '唯一', 'より高速', 'より速', 'より高', 'より簡単', 'より安',
  '相比', '相較', '而不是', '更快', '不同于', '不同於', '更便宜', '更简单', '更簡單', 'とは違い', 'と違って', 'とは異なり',
  '에 비해', '와 달리', '과 달리', '유일한', '보다 빠르', '보다 저렴', '보다 쉽', '대신에',
];

/**
 * Words that open a "no …" clause. Two such clauses side by side ("No ads, no tracking", "Kein
 * Extra, kein Aufpreis", "Sin permanencia, sin sorpresas") list what a product spares its users.
 */
export const NEGATION_WORDS = [
  'no', 'zero', 'kein', 'keine', 'keinen', 'keinerlei', 'ohne', 'sans', 'aucun', 'aucune', 'sin', 'ningún', 'ninguna', 'sem',
  'nenhum', 'nenhuma', 'senza', 'nessun', 'nessuna', 'geen', 'zonder', 'bez', 'żadnych', 'žádné', 'žádný', 'без', 'никаких',
  'without', 'zéro', 'cero', 'niente', 'nessuno', 'żadnej', 'żadnego', 'žádná', 'žádných', 'žiadne', 'žiadny', 'žiadna',
  'žiadnych', 'inga', 'ingen', 'inget', 'utan', 'intet', 'uden', 'uten', 'ei', 'ilman', 'ни', 'нет', 'жодних', 'жодної',
  'жодного', 'ні', 'немає', 'sıfır',
  // Turkish puts the denial after the noun ("reklam yok": usps.ts reads a clause's last "yok"); Japanese, Korean and
  // Chinese write no spaces: not read here
];

/**
 * "No hidden costs" in one clause: the one denial that is a whole claim alone (a single "no …" is
 * otherwise a remark, see NEGATION_WORDS). Turkish and Finnish write it as "gizli ücret yok" and
 * "ei piilokuluja"; every form names costs or fees kept from the buyer.
 */
export const NO_HIDDEN_COSTS_PHRASES = [
  'no hidden costs', 'no hidden fees', 'no hidden charges', 'keine versteckten kosten', 'keine versteckten gebühren',
  'ohne versteckte kosten', 'pas de frais cachés', 'aucun frais caché', 'aucuns frais cachés', 'sans frais cachés',
  'sin costes ocultos', 'sin costos ocultos', 'sin cargos ocultos', 'sin comisiones ocultas', 'sem custos ocultos',
  'sem taxas ocultas', 'nessun costo nascosto', 'senza costi nascosti', 'nessun costo occulto', 'geen verborgen kosten',
  'brak ukrytych opłat', 'bez ukrytych opłat', 'bez ukrytych kosztów', 'żadnych ukrytych opłat', 'žádné skryté poplatky',
  'bez skrytých poplatků', 'žiadne skryté poplatky', 'bez skrytých poplatkov', 'inga dolda avgifter', 'inga dolda kostnader',
  'ingen skjulte gebyrer', 'ingen skjulte omkostninger', 'ingen skjulte udgifter', 'ingen skjulte kostnader', 'ei piilokuluja',
  'ei piilomaksuja', 'ilman piilokuluja', 'никаких скрытых платежей', 'без скрытых платежей', 'без скрытых комиссий',
  'жодних прихованих платежів', 'без прихованих платежів', 'gizli ücret yok', 'gizli maliyet yok', 'gizli masraf yok',
];

/**
 * Words that sum up an enumeration after a dash ("Ten years of experience, native teachers, a
 * central location – all this makes …"): the items before the dash are what the site is proud of.
 */
export const SUMMING_UP_WORDS = [
  'all of this', 'all this', 'all of which', 'all that', 'das alles', 'all das', 'all dies', 'tout cela', 'tout ça', 'tout ce qui',
  'todo esto', 'todo ello', 'todo eso', 'todo lo que', 'tudo isso', 'tudo o que', 'tutto ciò', 'tutto questo', 'dit alles',
  'dat alles', 'wszystko to', 'to wszystko', 'to vše', 'to všechno', 'всё то', 'все то', 'всё это', 'все это',
  'to všetko', 'toto všetko', 'allt detta', 'alt dette', 'kaikki tämä', 'tämä kaikki', 'усе це', 'все це', 'tüm bunlar',
  'bütün bunlar', 'これらすべて', 'そのすべて', '이 모든 것', '这一切', '這一切',
];

/**
 * Words of a maker's claim about how its goods are made: by hand, in a craft, organic, purely
 * natural, without additives ("Our cheese is organic and made by hand", "Unsere Seife ist
 * naturrein, ohne Duftstoffe"). A producer's sentence with one sets its goods apart from industrial ones.
 */
export const CRAFT_WORDS = [
  // en
  'handmade', 'hand-made', 'handcrafted', 'hand-crafted', 'made by hand', 'artisanal', 'organic', 'organically grown',
  'all-natural', 'all natural', 'purely natural', 'no additives', 'no preservatives', 'without additives', 'without preservatives',
  // de
  'handgemacht', 'handgemachte', 'handgemachten', 'handgemachter', 'handgemachtes', 'handgefertigt', 'handgefertigte',
  'handgefertigten', 'in handarbeit', 'rein natürlich', 'naturrein', 'naturreine', 'naturreinen', 'naturreines', 'biologisch',
  'biologische', 'biologischen', 'ohne zusatzstoffe', 'ohne konservierungsstoffe',
  // fr
  'fait main', 'faits main', 'faite main', 'faites main', 'artisanale', 'artisanales', 'artisanaux', 'biologique', 'biologiques',
  'sans additifs', 'sans conservateurs',
  // es, pt
  'hecho a mano', 'hechos a mano', 'hecha a mano', 'hechas a mano', 'artesanal', 'artesanales', 'orgánico', 'orgánicos',
  'orgánica', 'orgánicas', 'ecológico', 'ecológicos', 'ecológica', 'ecológicas', 'sin aditivos', 'sin conservantes',
  'feito à mão', 'feitos à mão', 'feita à mão', 'feitas à mão', 'artesanais', 'orgânico', 'orgânicos', 'orgânica', 'orgânicas',
  'sem aditivos', 'sem conservantes',
  // it
  'fatto a mano', 'fatti a mano', 'fatta a mano', 'fatte a mano', 'artigianale', 'artigianali', 'biologico', 'biologici',
  'biologica', 'biologiche', 'senza additivi', 'senza conservanti',
  // nl
  'handgemaakt', 'handgemaakte', 'ambachtelijk', 'ambachtelijke', 'zonder toevoegingen', 'zonder conserveermiddelen',
  // ru
  'ручной работы', 'ручная работа', 'органический', 'органические', 'органическая', 'без добавок', 'без консервантов',
  // ja, zh
  '手作り', '手づくり', '無添加', '有機栽培', '無農薬', '手工制作', '有机',
  // pl, cs, sk
  'ręcznie robione', 'ręcznie robiony', 'ręcznie robiona', 'ręcznie robionych', 'wykonane ręcznie', 'rękodzieło', 'bez konserwantów',
  'bez dodatków', 'rzemieślnicze', 'rzemieślniczy', 'ruční práce', 'ručně vyráběné', 'ručně vyrobené', 'ručně vyrobený',
  'ručně vyrobená', 'bez konzervantů', 'bez přídatných látek', 'ručná práca', 'ručne vyrábané', 'ručne vyrobené',
  'bez konzervantov', 'bez prídavných látok',
  // sv, da, nb, fi
  'handgjord', 'handgjorda', 'handgjort', 'ekologisk', 'ekologiska', 'ekologiskt', 'utan tillsatser', 'håndlavet', 'håndlavede',
  'økologisk', 'økologiske', 'uden tilsætningsstoffer', 'håndlaget', 'håndlagde', 'uten tilsetningsstoffer', 'käsintehty',
  'käsintehdyt', 'käsin tehty', 'käsin tehdyt', 'luomu', 'ilman lisäaineita',
  // uk, tr
  'ручної роботи', 'ручна робота', 'органічний', 'органічні', 'без консервантів', 'el yapımı', 'el emeği', 'organik', 'katkısız',
  // ko, zh (not "수제": it begins "수제비", a soup)
  '핸드메이드', '손으로 만든', '유기농', '무첨가', '手工製作', '纯手工', '純手工', '有機', '无添加',
];

/**
 * Words of a business's claim to its standing: a pioneer of its trade ("one of the pioneers of
 * solar roofing in Wales"), or the customers who trust it ("More than 300 bakeries trust us": with
 * a figure, see TRUST_WORDS).
 */
export const PIONEER_WORDS = [
  'pioneer', 'pioneers', 'pioneering', 'pionier', 'pioniere', 'pionieren', 'pionnier', 'pionniers', 'pionnière', 'pionnières',
  'pionero', 'pioneros', 'pionera', 'pioneras', 'pioneiro', 'pioneiros', 'pioneira', 'pioneiras', 'pionieri', 'pioniera',
  'пионер', 'пионеры', 'пионеров', 'パイオニア', '先駆者', '先驱',
  'pionierem', 'pionierów', 'pionierzy', 'průkopník', 'průkopníkem', 'průkopníci', 'průkopníků', 'priekopník', 'priekopníkom',
  'priekopníci', 'pionjär', 'pionjärer', 'pionjären', 'pioner', 'pionerer', 'pioneren', 'edelläkävijä', 'edelläkävijöitä',
  'uranuurtaja', 'uranuurtajia', 'первопроходец', 'піонер', 'піонери', 'першопроходець', 'öncü', 'öncüsü', 'öncülerinden',
  '草分け', '선구자', '개척자', '先驅', '先行者',
];

/** Customers who trust or chose the business ("have trusted us", "vertrauen uns", "ya han confiado"); a claim only with a figure. */
export const TRUST_WORDS = [
  'trust us', 'trusted us', 'trusted by', 'rely on us', 'chose us', 'chosen us',
  'vertrauen uns', 'vertrauen auf uns', 'haben uns vertraut', 'vertrauten uns',
  'nous font confiance', 'nous ont fait confiance', 'ont fait confiance', 'font confiance',
  'han confiado', 'confían en nosotros', 'confiaron en nosotros', 'nos eligen', 'nos han elegido', 'nos eligieron',
  'confiam em nós', 'confiaram em nós', 'já confiaram', 'nos escolheram',
  'si fidano di noi', 'ci hanno scelto', 'si sono affidati a noi',
  'vertrouwen ons', 'vertrouwen op ons', 'kozen voor ons',
  'доверяют нам', 'доверились нам', 'выбрали нас',
  'zaufali nam', 'ufają nam', 'wybrali nas', 'důvěřují nám', 'nám důvěřují', 'nám důvěřuje', 'důvěřuje nám', 'vybrali si nás',
  'dôverujú nám', 'nám dôverujú', 'nám dôveruje', 'litar på oss', 'har valt oss', 'stoler på os', 'har valgt os', 'stoler på oss',
  'har valgt oss', 'luottavat meihin', 'luottaa meihin', 'ovat valinneet meidät', 'довіряють нам', 'нам довіряють', 'нам доверяют', 'обрали нас', 'довірилися нам',
  'bize güveniyor', 'bize güvendi', 'bizi tercih ediyor', 'bizi tercih etti', 'bizi seçti',
  'に選ばれ', '信頼され', '信赖', '信賴', '信任我们', '信任我們', '选择了我们', '選擇了我們', '신뢰하는', '신뢰합니다', '선택했습니다',
];

/**
 * A promise the business stands behind, in its participle ("lowest price guaranteed", "Zufriedenheit
 * garantiert", "entrega garantizada"): the verb forms ("to ensure a smooth delivery") promise nothing.
 */
export const GUARANTEED_WORDS = [
  'guaranteed', 'garantiert', 'garantierte', 'garanti', 'garantie', 'garantis', 'garanties', 'garantizado', 'garantizada',
  'garantizados', 'garantizadas', 'garantido', 'garantida', 'garantidos', 'garantidas', 'garantito', 'garantita', 'garantiti',
  'garantite', 'gegarandeerd', 'гарантировано', 'гарантирован', 'гарантированно', '保証付き', '保证',
  'gwarantowany', 'gwarantowana', 'gwarantowane', 'garantovaný', 'garantovaná', 'garantované', 'garantováno', 'zaručený',
  'zaručená', 'zaručené', 'zaručeno', 'garanterad', 'garanterat', 'garanterade', 'garanteret', 'garantert', 'taattu', 'taatusti',
  'гарантирована', 'гарантированы', 'гарантовано', 'гарантований', 'гарантована', 'garantili', 'garantilidir', '保證',
  '보장됩니다', '보증됩니다', '보장된',
];

/** Words that deny what follows ("not guaranteed", "nicht garantiert", "no está garantizado"): such a sentence promises nothing. */
export const DENIAL_WORDS = [
  'not', "n't", 'no', 'nicht', 'kein', 'keine', 'pas', 'ne', 'não', 'non', 'niet', 'geen', 'не', 'нет', 'ません', 'ない', '不',
  'nie', 'není', 'inte', 'ikke', 'ei', 'eikä', 'ні', 'немає', 'değil', 'değildir', 'yok', '않', '没有', '沒有',
];

/**
 * How a place is reached ("4 min on foot", "5 Gehminuten", "a 10 minutos andando", "15 min by car"):
 * with a figure, a line of a list says how near the business is to something.
 */
export const TRAVEL_WORDS = [
  'walk', 'walking', 'on foot', 'by car', 'drive', 'by bike', 'by train',
  'zu fuß', 'fußweg', 'gehminuten', 'fußminuten', 'mit dem auto', 'mit dem rad', 'autominuten', 'fahrminuten',
  'à pied', 'en voiture', 'à vélo', 'de marche',
  'a pie', 'caminando', 'andando', 'en coche', 'en auto', 'en carro', 'de caminata',
  'a pé', 'caminhada', 'de carro', 'de bicicleta',
  'a piedi', 'in auto', 'in macchina', 'in bici',
  'lopen', 'loopafstand', 'met de auto', 'met de fiets', 'fietsen',
  'пешком', 'на машине', 'на автомобиле',
  'pieszo', 'spacerem', 'samochodem', 'rowerem', 'pěšky', 'autem', 'na kole', 'pešo', 'peši', 'autom', 'na bicykli',
  'till fots', 'gångavstånd', 'med bil', 'med cykel', 'til fods', 'gåafstand', 'i bil', 'på cykel', 'til fots', 'gangavstand',
  'med sykkel', 'kävellen', 'kävelymatka', 'autolla', 'pyörällä', 'пішки', 'на машині', 'на автомобілі', 'yürüme mesafesi',
  'yürüyerek', 'arabayla', 'araçla', 'bisikletle',
  '徒歩', '車で', '步行', '车程', '車程', '도보', '차량으로', '자동차로',
];

/** class / id fragments of customer-voice markup. */
export const TESTIMONIAL_MARKUP = /testimonial|review|quote|customer|kundenstimme|temoignage|témoignage|testimonio|recension|rating/i;

const ESCAPE = /[.*+?^${}()|[\]\\]/g;
const SPACED_EDGE = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]|[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]$/u;

/**
 * A regular expression source matching any of `words` as whole words (Latin, Cyrillic and Greek
 * words need letters on neither side; CJK words have no spaces to look for). Longest first, so
 * "co-founder" wins over "founder".
 */
export function wordsSource(words: readonly string[]): string {
  const sorted = [...new Set(words)].sort((a, b) => b.length - a.length);
  const bounded = sorted.filter((w) => SPACED_EDGE.test(w)).map((w) => w.replace(ESCAPE, '\\$&'));
  const open = sorted.filter((w) => !SPACED_EDGE.test(w)).map((w) => w.replace(ESCAPE, '\\$&'));
  const parts: string[] = [];
  if (bounded.length) parts.push(`(?<![\\p{L}\\p{N}])(?:${bounded.join('|')})(?![\\p{L}\\p{N}])`);
  if (open.length) parts.push(`(?:${open.join('|')})`);
  return parts.join('|');
}

export const FOUNDER_WORD = new RegExp(wordsSource(FOUNDER_WORDS), 'u');
export const COPYRIGHT = new RegExp(wordsSource(COPYRIGHT_MARKERS), 'u');
export const HOSTED_BY = new RegExp(wordsSource(HOSTED_BY_PHRASES), 'u');
/** A host label and its colon ("Hébergeur :"); or the label alone, for a whole line. */
export const HOST_LABEL = new RegExp(`(?:${wordsSource(HOST_LABELS)}) ?[:：]`, 'u');
export const HOST_LABEL_LINE = new RegExp(`^(?:\\d+\\. )?(?:${wordsSource(HOST_LABELS)})$`, 'u');
export const FAQ_HEADING = new RegExp(wordsSource(FAQ_HEADINGS), 'u');
export const CONTRAST = new RegExp(wordsSource(CONTRAST_WORDS), 'u');
export const CRAFT = new RegExp(wordsSource(CRAFT_WORDS), 'u');
export const STANDING = new RegExp(wordsSource(PIONEER_WORDS), 'u');
export const TRUST = new RegExp(wordsSource(TRUST_WORDS), 'u');
export const GUARANTEED = new RegExp(wordsSource(GUARANTEED_WORDS), 'u');
export const NO_HIDDEN_COSTS = new RegExp(wordsSource(NO_HIDDEN_COSTS_PHRASES), 'u');
export const DENIAL = new RegExp(wordsSource(DENIAL_WORDS), 'u');
export const TRAVEL = new RegExp(wordsSource(TRAVEL_WORDS), 'u');
/** A self-introduction that ends just before a name (tested on normalised text). */
export const SELF_INTRODUCTION_BEFORE_NAME = new RegExp(`(?:${wordsSource(SELF_INTRODUCTIONS)})\\s*$`, 'u');
export const FIRST_PERSON_FOUNDER = new RegExp(wordsSource(FIRST_PERSON_FOUNDING), 'u');
/** An "About me" heading and nothing else (tested on normalised text). */
export const ABOUT_ME_HEADING = new RegExp(`^(?:${wordsSource(ABOUT_ME_HEADINGS)})$`, 'u');
