/**
 * The words pricing is written in, one list per reading and the same twenty languages in each, so
 * a language is never read for "free" without also being read for "free trial" and "free
 * delivery". Entries are plain text: pricing-models.ts escapes them; "…" stands for any
 * inflection ending (Slavic, Finnish and Turkish words change their endings with case), and in
 * Japanese, Korean and Chinese a space may be written or left out. A word that is ambiguous in its
 * language is left out rather than guarded by luck (see the notes at each list).
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'pl', 'cs', 'sk', 'sv', 'da', 'nb', 'fi', 'ru', 'uk', 'ja', 'ko', 'zh', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Written without spaces between words, or (Korean) with particles joined to them: their words have no edges to look for. */
export const UNSPACED: ReadonlySet<Language> = new Set<Language>(['ja', 'ko', 'zh']);
export type WordList = Readonly<Record<Language, readonly string[]>>;

/**
 * A price of nothing. Left out: Swedish/Danish/Norwegian "fri"/"fritt" (also "unrestricted",
 * "vacant"), Spanish "sin costo" and English "at no cost" (mostly "at no extra cost"), French
 * "offert" (a gift), Finnish "ilmaista" (also the verb "to express"), Korean "공짜" (slang).
 */
export const FREE: WordList = {
  en: ['free', 'free forever', 'for free', 'free of charge'],
  de: ['kostenlos', 'kostenlose…', 'kostenfrei', 'kostenfreie…', 'gratis', 'umsonst'],
  fr: ['gratuit', 'gratuite', 'gratuits', 'gratuites', 'gratuitement', 'gratis'],
  es: ['gratis', 'gratuito', 'gratuita', 'gratuitos', 'gratuitas', 'gratuitamente'],
  pt: ['grátis', 'gratis', 'gratuito', 'gratuita', 'gratuitos', 'gratuitas', 'gratuitamente', 'de graça'],
  it: ['gratis', 'gratuito', 'gratuita', 'gratuiti', 'gratuite', 'gratuitamente'],
  nl: ['gratis', 'kosteloos', 'kostenloos'],
  pl: ['darmow…', 'za darmo', 'bezpłatn…', 'gratis'],
  cs: ['zdarma', 'zadarmo', 'bezplatn…', 'gratis'],
  sk: ['zadarmo', 'zdarma', 'bezplatn…', 'gratis'],
  sv: ['gratis', 'kostnadsfri', 'kostnadsfritt', 'kostnadsfria', 'avgiftsfri', 'avgiftsfritt', 'avgiftsfria'],
  da: ['gratis', 'omkostningsfri', 'omkostningsfrit', 'vederlagsfri', 'vederlagsfrit', 'uden beregning'],
  nb: ['gratis', 'kostnadsfri', 'kostnadsfritt', 'kostnadsfrie', 'vederlagsfri', 'vederlagsfritt'],
  fi: ['ilmainen', 'ilmaiseksi', 'ilmaisen', 'ilmaisena', 'ilmaiset', 'maksuton', 'maksutonta', 'maksuttomat', 'maksuttomasti', 'maksutta', 'veloituksetta'],
  ru: ['бесплатн…'],
  uk: ['безкоштовн…', 'безплатн…'],
  ja: ['無料'],
  ko: ['무료'],
  zh: ['免费', '免費'],
  tr: ['ücretsiz…', 'bedava…'],
};

/**
 * Nouns (and the "first month") that make a free word a trial, with at most one word between
 * ("free 14-day trial", "zkušební verze zdarma", "ilmainen kokeilu"): a trial is no free plan.
 */
export const TRIAL: WordList = {
  en: ['trial', 'trials', 'trial period', 'test drive', 'first month', 'to try', 'pilot', 'pilot plan', 'pilot project'],
  de: ['test…', 'probe…', 'unverbindlich test…', 'erster monat', 'ersten monat', 'pilot…'],
  fr: ['essai', 'essais', "période d'essai", "version d'essai", 'premier mois', 'pilote', 'projet pilote'],
  es: ['prueba', 'periodo de prueba', 'período de prueba', 'versión de prueba', 'primer mes', 'piloto', 'plan piloto'],
  pt: ['teste', 'período de teste', 'período experimental', 'experiência', 'primeiro mês', 'piloto', 'plano piloto'],
  it: ['prova', 'periodo di prova', 'versione di prova', 'primo mese', 'pilota', 'progetto pilota'],
  nl: ['proefperiode', 'proefversie', 'proefabonnement', 'eerste maand', 'pilot…', 'proefproject…'],
  pl: ['próbn…', 'testow…', 'okres próbny', 'pierwszy miesiąc', 'pilotaż…', 'pilotażow…'],
  cs: ['zkušební…', 'na zkoušku', 'první měsíc', 'pilot…', 'pilotní…'],
  sk: ['skúšobn…', 'na skúšku', 'prvý mesiac', 'pilot…', 'pilotn…'],
  sv: ['provperiod…', 'provversion…', 'testperiod…', 'första månaden', 'pilot…'],
  da: ['prøveperiode…', 'prøveversion…', 'testperiode…', 'første måned', 'pilot…'],
  nb: ['prøveperiode…', 'prøveversjon…', 'testperiode…', 'første måned', 'pilot…'],
  fi: ['kokeilu…', 'koejakso…', 'ensimmäinen kuukausi', 'pilotti…'],
  ru: ['пробн…', 'тест…', 'период…', 'первый месяц', 'пилот…'],
  uk: ['пробн…', 'тест…', 'період…', 'перший місяць', 'пілот…'],
  ja: ['トライアル', '体験', 'お試し', '期間', 'で試', 'でお試し', '初月', 'パイロット'],
  ko: ['체험', '평가판', '로 체험', '로 사용해', '첫 달', '첫달', '파일럿'],
  zh: ['试用', '試用', '体验', '體驗', '首月', '试点', '試點'],
  tr: ['deneme…', 'ilk ay', 'pilot…'],
};

/** Imperatives of "try", next to a free word ("try it free", "vyzkoušejte zdarma", "kokeile ilmaiseksi"). */
export const TRY: WordList = {
  en: ['try', 'try it', 'try us', 'test it'],
  de: ['testen', 'testen sie', 'teste', 'ausprobieren', 'probieren sie'],
  fr: ['essayez', 'essayer', 'essayez-le', 'testez', 'tester'],
  es: ['prueba', 'pruébalo', 'pruebe', 'pruébelo', 'probar'],
  pt: ['experimente', 'experimentar', 'teste', 'testar'],
  it: ['prova', 'provalo', 'provare', 'provate'],
  nl: ['probeer', 'probeer het', 'uitproberen', 'test'],
  pl: ['wypróbuj…', 'przetestuj…', 'testuj'],
  cs: ['vyzkoušej…', 'vyzkoušejte si', 'vyzkoušet', 'otestuj…', 'zkuste', 'zkus'],
  sk: ['vyskúšaj…', 'vyskúšajte si', 'vyskúšať', 'otestuj…', 'skúste'],
  sv: ['prova', 'testa', 'prova på'],
  da: ['prøv', 'afprøv', 'test'],
  nb: ['prøv', 'test'],
  fi: ['kokeile', 'kokeilla', 'testaa'],
  ru: ['попробуйте', 'попробовать', 'протестируйте'],
  uk: ['спробуйте', 'спробувати', 'протестуйте'],
  ja: ['試す', '試せ', 'お試し'],
  ko: ['체험하', '사용해 보'],
  zh: ['试用', '試用'],
  tr: ['dene', 'deneyin', 'deneyebilirsiniz'],
};

/** Units of a trial's length ("14 days free", "zdarma na 30 dní", "30日間無料"). */
export const PERIODS: WordList = {
  en: ['day', 'days', 'week', 'weeks', 'month', 'months'],
  de: ['tag', 'tage', 'tagen', 'woche', 'wochen', 'monat', 'monate', 'monaten'],
  fr: ['jour', 'jours', 'semaine', 'semaines', 'mois'],
  es: ['día', 'días', 'dia', 'dias', 'semana', 'semanas', 'mes', 'meses'],
  pt: ['dia', 'dias', 'semana', 'semanas', 'mês', 'meses'],
  it: ['giorno', 'giorni', 'settimana', 'settimane', 'mese', 'mesi'],
  nl: ['dag', 'dagen', 'week', 'weken', 'maand', 'maanden'],
  pl: ['dzień', 'dni', 'dnia', 'tydzień', 'tygodnie', 'tygodni', 'miesiąc', 'miesiące', 'miesięcy'],
  cs: ['den', 'dny', 'dní', 'dnů', 'týden', 'týdny', 'týdnů', 'měsíc', 'měsíce', 'měsíců'],
  sk: ['deň', 'dni', 'dní', 'týždeň', 'týždne', 'týždňov', 'mesiac', 'mesiace', 'mesiacov'],
  sv: ['dag', 'dagar', 'dagars', 'vecka', 'veckor', 'veckors', 'månad', 'månader', 'månaders'],
  da: ['dag', 'dage', 'dages', 'uge', 'uger', 'ugers', 'måned', 'måneder', 'måneders'],
  nb: ['dag', 'dager', 'dagers', 'uke', 'uker', 'ukers', 'måned', 'måneder', 'måneders'],
  fi: ['päivä', 'päivää', 'päivän', 'viikko', 'viikkoa', 'viikon', 'kuukausi', 'kuukautta', 'kuukauden'],
  ru: ['день', 'дня', 'дней', 'неделю', 'недели', 'недель', 'месяц', 'месяца', 'месяцев'],
  uk: ['день', 'дні', 'днів', 'тиждень', 'тижні', 'тижнів', 'місяць', 'місяці', 'місяців'],
  ja: ['日間', '日', 'ヶ月', 'か月', 'カ月', 'ヶ月間', 'か月間', 'カ月間'],
  ko: ['일', '일간', '개월', '주'],
  zh: ['天', '日', '个月', '個月'],
  tr: ['gün', 'günlük', 'hafta', 'haftalık', 'ay'],
};

/**
 * What a business gives away beside what it sells (delivery, a consultation, a quote or estimate,
 * an inquiry ("Jetzt kostenlos anfragen"), a sample or gift, a call, Wi-Fi, parking, sign-up, updates, an SSL certificate or domain in a
 * package, cancellation, applying for a job), next to a free word in either
 * order: "free shipping", "doprava zdarma", "ilmainen toimitus", "kargo ücretsiz". None is a free plan.
 * Nor is a group let in free beside a paid ticket ("Children free", "Kinder kostenlos", "Děti do
 * 6 let zdarma"): a concession on one price list, paid once.
 */
export const FREEBIES: WordList = {
  en: ['shipping', 'delivery', 'returns', 'consultation', 'consultations', 'quote', 'quotes', 'estimate', 'estimates', 'update', 'updates', 'upgrade', 'upgrades', 'sign-up', 'sign up', 'signup', 'signing up', 'registration', 'wi-fi', 'wifi', 'parking', 'gift', 'gifts', 'sample', 'samples', 'demo', 'cancellation', 'installation', 'assessment', 'inspection', 'valuation', 'pickup', 'collection', 'ssl', 'ssl certificate', 'domain', 'call', 'intro call', 'discovery call', 'inquiry', 'enquiry', 'inquiries', 'enquiries', 'call-out', 'callout', 'call-out fee', 'travel', 'apply', 'to apply', 'children', 'child', 'kids', 'students', 'seniors', 'infants', 'babies'],
  de: ['versand…', 'liefer…', 'zustell…', 'rückversand', 'rücksend…', 'beratung…', 'erstberatung…', 'erstgespräch…', 'angebot…', 'kostenvoranschl…', 'update…', 'registrier…', 'anmeld…', 'wlan', 'wi-fi', 'wifi', 'parkpl…', 'parken', 'geschenk…', 'muster…', 'demo…', 'storn…', 'abhol…', 'besichtigung…', 'ssl…', 'domain…', 'gespräch…', 'telefonat…', 'anfrag…', 'anruf…', 'anfahrt…', 'bewerb…', 'kinder', 'kindern', 'kleinkinder', 'schüler…', 'studenten', 'studierende', 'senioren', 'jugendliche'],
  fr: ['livraison…', 'retour…', 'consultation…', 'devis', 'estimation…', 'mise à jour', 'mises à jour', 'inscription…', 'wi-fi', 'wifi', 'parking', 'stationnement', 'cadeau…', 'échantillon…', 'démo…', 'annulation…', 'installation…', 'diagnostic…', 'ssl', 'certificat ssl', 'domaine', 'nom de domaine', 'appel', 'entretien', 'demande…', 'déplacement…', 'candidature…', 'postuler', 'enfant…', 'étudiant…', 'bébé…'],
  es: ['envío…', 'envio…', 'entrega…', 'devolución', 'devoluciones', 'consulta…', 'asesoría…', 'asesoramiento', 'presupuesto…', 'cotización…', 'actualizaci…', 'registro', 'wifi', 'wi-fi', 'aparcamiento', 'estacionamiento', 'parking', 'regalo…', 'muestra…', 'demo…', 'cancelación', 'instalación', 'valoración', 'diagnóstico', 'ssl', 'certificado ssl', 'dominio', 'llamada', 'reunión', 'solicitud…', 'desplazamiento…', 'postular…', 'postulación', 'candidatura…', 'niño…', 'niña…', 'estudiante…', 'jubilado…', 'bebé…', 'menores'],
  pt: ['frete', 'envio…', 'entrega…', 'devoluç…', 'consulta…', 'orçamento…', 'avaliaç…', 'atualizaç…', 'cadastro', 'registro', 'wi-fi', 'wifi', 'estacionamento', 'brinde…', 'amostra…', 'demonstraç…', 'demo…', 'cancelamento', 'instalação', 'diagnóstico', 'ssl', 'certificado ssl', 'domínio', 'chamada', 'reunião', 'solicitaç…', 'deslocaç…', 'deslocamento…', 'candidatura…', 'candidatar…', 'criança…', 'estudante…', 'idoso…', 'bebê…', 'bebé…', 'menores'],
  it: ['spedizion…', 'consegna…', 'reso', 'resi', 'consulenza…', 'consulto', 'preventiv…', 'sopralluog…', 'aggiornament…', 'registrazione', 'iscrizione', 'wi-fi', 'wifi', 'parcheggio…', 'omaggio…', 'campion…', 'demo…', 'cancellazione', 'installazione', 'diagnosi', 'ssl', 'certificato ssl', 'dominio', 'chiamata', 'colloquio', 'richiest…', 'uscita', 'trasferta…', 'candidatura…', 'candidarsi', 'bambin…', 'studenti', 'studente', 'anzian…', 'minori'],
  nl: ['verzending', 'bezorging', 'levering', 'retour…', 'advies…', 'adviesgesprek…', 'consult…', 'offerte…', 'kennismakingsgesprek…', 'update…', 'registratie', 'aanmelding', 'inschrijving', 'wifi', 'wi-fi', 'parkeren', 'parkeerplaats…', 'cadeau…', 'monster…', 'demo…', 'annulering', 'installatie', 'inspectie', 'waardebepaling', 'ssl…', 'domein…', 'gesprek…', 'kennismaking…', 'aanvraag…', 'aanvragen', 'voorrijkosten', 'voorrijden', 'solliciteren', 'sollicitatie…', 'kinderen', 'studenten', 'senioren', 'baby\'s'],
  pl: ['dostaw…', 'wysyłk…', 'przesyłk…', 'zwrot…', 'konsultacj…', 'porad…', 'doradztw…', 'wycen…', 'kosztorys…', 'aktualizacj…', 'rejestracj…', 'wi-fi', 'wifi', 'parking…', 'prezent…', 'próbk…', 'demo…', 'anulowani…', 'odwołani…', 'montaż…', 'instalacj…', 'pomiar…', 'dojazd…', 'ssl', 'certyfikat ssl', 'domen…', 'rozmow…', 'spotkani…', 'zapytani…', 'aplikowanie', 'dzieci', 'dziec…', 'student…', 'senior…', 'emeryc…'],
  cs: ['doprav…', 'doručen…', 'poštovn…', 'vrácen…', 'konzultac…', 'poradenstv…', 'nabíd…', 'kalkulac…', 'odhad…', 'aktualizac…', 'registrac…', 'wi-fi', 'wifi', 'parkován…', 'parkovišt…', 'dárek', 'dárk…', 'vzorek', 'vzork…', 'demo…', 'storno', 'zrušen…', 'instalac…', 'montáž…', 'zaměřen…', 'výjezd…', 'dovoz…', 'ssl', 'ssl certifikát', 'domén…', 'hovor…', 'schůzk…', 'poptáv…', 'dotaz…', 'přihlášk…', 'děti', 'dět…', 'studen…', 'senior…', 'důchodc…'],
  sk: ['doprav…', 'doručen…', 'poštovn…', 'vráten…', 'konzultáci…', 'poradenstv…', 'ponuk…', 'kalkuláci…', 'odhad…', 'aktualizáci…', 'registráci…', 'wi-fi', 'wifi', 'parkovan…', 'parkovisk…', 'darček…', 'vzork…', 'demo…', 'storno', 'zrušen…', 'inštaláci…', 'montáž…', 'zameran…', 'dovoz…', 'ssl', 'ssl certifikát', 'domén…', 'hovor…', 'stretnut…', 'dopyt…', 'výjazd…', 'prihlášk…', 'deti', 'detí', 'deťom', 'študent…', 'senior…', 'dôchodc…'],
  sv: ['frakt', 'leverans…', 'hemleverans…', 'retur…', 'konsultation…', 'rådgivning…', 'offert…', 'kostnadsförslag…', 'prisförslag…', 'uppdatering…', 'registrering…', 'wi-fi', 'wifi', 'parkering…', 'gåva', 'gåvor', 'prov', 'prover', 'demo…', 'avbokning…', 'installation…', 'hembesök…', 'värdering…', 'ssl…', 'domän…', 'samtal…', 'möte…', 'förfrågan', 'förfrågningar', 'utryckning…', 'framkörning…', 'ansök…', 'barn', 'studenter', 'pensionär…'],
  da: ['fragt…', 'levering…', 'returnering…', 'konsultation…', 'rådgivning…', 'tilbud…', 'uforpligtende tilbud', 'prisoverslag…', 'opdatering…', 'tilmelding…', 'registrering…', 'wi-fi', 'wifi', 'parkering…', 'gave…', 'prøve', 'prøver', 'demo…', 'afbestilling…', 'installation…', 'besigtigelse…', 'vurdering…', 'ssl…', 'domæne…', 'samtale…', 'møde…', 'forespørgsel…', 'kørsel…', 'ansøg…', 'børn', 'studerende', 'pensionister'],
  nb: ['frakt…', 'levering…', 'retur…', 'konsultasjon…', 'rådgivning…', 'tilbud…', 'uforpliktende tilbud', 'prisoverslag…', 'befaring…', 'oppdatering…', 'registrering…', 'wi-fi', 'wifi', 'parkering…', 'gave…', 'prøve', 'prøver', 'demo…', 'avbestilling…', 'installasjon…', 'verdivurdering…', 'ssl…', 'domene…', 'samtale…', 'møte…', 'forespørsel…', 'oppmøte…', 'kjøring…', 'søknad…', 'barn', 'studenter', 'honnør'],
  fi: ['toimitu…', 'toimituk…', 'kotiinkuljetu…', 'palautu…', 'palautuk…', 'konsultaatio…', 'neuvon…', 'tarjou…', 'tarjoukse…', 'arvio…', 'kartoitu…', 'kartoituk…', 'päivity…', 'rekisteröi…', 'wi-fi', 'wifi', 'pysäköin…', 'parkki…', 'lahj…', 'näyte…', 'näyttee…', 'demo…', 'peruutu…', 'peruutuk…', 'asennu…', 'asennuk…', 'tutustumiskäyn…', 'kotikäyn…', 'ssl…', 'verkkotunnu…', 'verkkotunnuk…', 'puhelu…', 'tapaami…', 'keskustelu…', 'yhteydenot…', 'käyntimaksu…', 'matkakulu…', 'hakemu…', 'lapset', 'lapsi', 'lasten', 'opiskelija…', 'eläkeläi…'],
  ru: ['доставк…', 'возврат…', 'консультаци…', 'замер…', 'выезд…', 'расчет…', 'расчёт…', 'оценк…', 'смет…', 'обновлени…', 'регистраци…', 'wi-fi', 'wifi', 'вай-фай', 'парковк…', 'подар…', 'образец', 'образцы', 'образцов', 'пробник…', 'демо…', 'отмен…', 'установк…', 'диагностик…', 'ssl', 'ssl-сертификат…', 'домен…', 'звон…', 'встреч…', 'заявк…', 'запрос…', 'отклик…', 'дети', 'детей', 'детям', 'студент…', 'пенсионер…', 'школьник…'],
  uk: ['доставк…', 'повернен…', 'консультаці…', 'замір…', 'виїзд…', 'розрахун…', 'оцінк…', 'кошторис…', 'оновлен…', 'реєстраці…', 'wi-fi', 'wifi', 'вай-фай', 'парковк…', 'паркінг…', 'подарун…', 'зраз…', 'демо…', 'скасуван…', 'встановлен…', 'монтаж…', 'діагностик…', 'ssl', 'ssl-сертифікат…', 'домен…', 'дзвін…', 'дзвінк…', 'зустріч…', 'заявк…', 'запит…', 'діти', 'дітей', 'дітям', 'студент…', 'пенсіонер…', 'школяр…'],
  ja: ['送料', '配送', '配達', '返品', '相談', '見積', 'アップデート', '登録', 'wi-fi', 'wifi', '駐車場', 'プレゼント', 'サンプル', 'デモ', 'キャンセル', '設置', '出張', '診断', '査定', 'カウンセリング', 'ssl', 'ドメイン', '通話', '面談', '問い合わせ', '応募', '子供', '子ども', 'こども', '小学生', '学生', '幼児', '未就学児'],
  ko: ['배송', '배송비', '반품', '상담', '견적', '업데이트', '가입', 'wi-fi', 'wifi', '와이파이', '주차', '샘플', '증정', '데모', '취소', '설치', '진단', '방문', '출장', 'ssl', '도메인', '통화', '미팅', '문의', '입사지원', '어린이', '아동', '학생', '유아'],
  zh: ['送货', '送貨', '配送', '退货', '退貨', '咨询', '諮詢', '报价', '報價', '估价', '估價', '更新', '注册', '註冊', 'wi-fi', 'wifi', '停车', '停車', '样品', '樣品', '赠品', '贈品', '取消', '演示', '安装', '安裝', '上门', '上門', 'ssl', '域名', '通话', '通話', '申请', '申請', '儿童', '兒童', '学生', '學生', '长者', '長者'],
  tr: ['kargo…', 'teslimat…', 'iade…', 'danışma…', 'keşif…', 'keşfi…', 'teklif…', 'güncelleme…', 'kayıt…', 'üyelik…', 'wi-fi', 'wifi', 'internet…', 'otopark…', 'hediye…', 'numune…', 'demo…', 'iptal…', 'kurulum…', 'montaj…', 'ssl', 'ssl sertifikası', 'alan adı', 'görüşme…', 'toplantı…', 'talep…', 'servis ücreti…', 'başvuru…', 'çocuk…', 'öğrenci…'],
};

/**
 * "Without obligation" ("kostenlos und unverbindlich", "gratis en vrijblijvend", "gratuit et sans
 * engagement"): joined to a free word, it offers a check, a quote or advice, never a free plan.
 */
export const NON_BINDING: WordList = {
  en: ['no obligation', 'no-obligation', 'without obligation', 'obligation-free', 'obligation free', 'non-binding'],
  de: ['unverbindlich', 'unverbindliche…'],
  fr: ['sans engagement', 'sans obligation'],
  es: ['sin compromiso', 'sin obligación'],
  pt: ['sem compromisso', 'sem obrigação'],
  it: ['senza impegno', 'senza obbligo'],
  nl: ['vrijblijvend', 'vrijblijvende'],
  pl: ['niezobowiązując…', 'bez zobowiązań'],
  cs: ['nezávazn…', 'bez závazků'],
  sk: ['nezáväzn…', 'bez záväzkov'],
  sv: ['utan förpliktelser', 'utan förpliktelse', 'förutsättningslöst', 'förutsättningslös'],
  da: ['uforpligtende', 'uden forpligtelse', 'uden forpligtelser'],
  nb: ['uforpliktende', 'uten forpliktelser', 'uten forpliktelse'],
  fi: ['sitoumuksetta', 'sitoutumatta'],
  ru: ['без обязательств'],
  uk: ["без зобов'язань", 'без зобов’язань', 'без зобовʼязань'],
  // Japanese, Korean and Chinese write a free quote or consultation with a noun (FREEBIES).
  ja: [],
  ko: [],
  zh: [],
  tr: ['yükümlülük olmadan', 'yükümlülüksüz'],
};

/** Words of refusal before what a site does not charge ("no subscription", "bez předplatného", "ilman kuukausimaksua"). */
export const NEGATIONS: WordList = {
  en: ['no', 'without', 'zero'],
  de: ['kein', 'keine', 'keinen', 'keiner', 'ohne'],
  fr: ['sans', 'aucun', 'aucune', 'pas de', "pas d'"],
  es: ['sin', 'ninguna', 'ningún', 'no hay'],
  pt: ['sem', 'nenhuma', 'nenhum'],
  it: ['senza', 'nessun', 'nessuna', 'nessuno'],
  nl: ['geen', 'zonder'],
  pl: ['bez', 'brak', 'żadn…', 'nie ma'],
  cs: ['bez', 'žádn…', 'nevyžaduje'],
  sk: ['bez', 'žiadn…', 'nevyžaduje'],
  sv: ['ingen', 'inget', 'inga', 'utan'],
  da: ['ingen', 'intet', 'uden'],
  nb: ['ingen', 'intet', 'uten'],
  fi: ['ei', 'ilman'],
  ru: ['без', 'нет'],
  uk: ['без', 'немає'],
  ja: [],
  ko: [],
  zh: ['无需', '無需', '不需要', '无', '無', '免'],
  tr: [],
};

/** Refusal written after what is not charged (Turkish "abonelik yok", Japanese "サブスク不要", Korean "구독 없음"). */
export const NEGATIONS_AFTER: WordList = {
  en: [], de: [], fr: [], es: [], pt: [], it: [], nl: [], pl: [], cs: [], sk: [], sv: [], da: [], nb: [], fi: [], ru: [], uk: [],
  ja: ['なし', '無し', '不要', 'ありません'],
  ko: ['없', '불필요', '필요 없'],
  zh: [],
  tr: ['yok', 'gerekmez', 'gerektirmez', 'alınmaz', 'olmadan', 'istemez', 'yoktur'],
};

/** What is charged by the period, after a refusal: each language's subscription and monthly-fee words. */
export const CHARGES: WordList = {
  en: ['subscription', 'subscriptions', 'monthly fee', 'monthly fees', 'recurring fee', 'recurring fees', 'monthly charges', 'monthly payments', 'monthly costs'],
  de: ['abo', 'abos', 'abo-…', 'abonnement…', 'grundgebühr…', 'monatsgebühr…', 'monatliche…'],
  fr: ['abonnement…', 'frais mensuels', 'mensualité…'],
  es: ['suscripción', 'suscripciones', 'cuota mensual', 'cuotas mensuales', 'mensualidad…'],
  pt: ['assinatura…', 'mensalidade…', 'taxa mensal', 'taxas mensais'],
  it: ['abbonament…', 'canone…', 'costi mensili'],
  nl: ['abonnement…', 'maandabonnement…', 'maandelijkse…', 'maandkosten'],
  pl: ['abonament…', 'subskrypcj…', 'miesięczn…', 'opłat… miesięczn…', 'opłat… abonamentow…'],
  cs: ['předplatn…', 'měsíčn…', 'paušál…'],
  sk: ['predplatn…', 'mesačn…', 'paušál…'],
  sv: ['prenumeration…', 'abonnemang…', 'månadsavgift…', 'månadskostnad…'],
  da: ['abonnement…', 'månedlig…', 'månedsgebyr…'],
  nb: ['abonnement…', 'månedlig…', 'månedsavgift…', 'månedspris…'],
  fi: ['kuukausimaksu…', 'vuosimaksu…', 'kuukausihint…', 'kuukausittai…'],
  ru: ['подписк…', 'абонентск…', 'ежемесячн…'],
  uk: ['підписк…', 'абонентськ…', 'щомісячн…'],
  ja: ['サブスク', 'サブスクリプション', '月額', '月額料金', '月額費用', '定期購入'],
  ko: ['구독', '월 구독료', '월 요금', '월정액'],
  zh: ['订阅', '訂閱', '月费', '月費'],
  tr: ['abonelik', 'aboneliğ…', 'aylık ücret', 'aylık ödeme'],
};

/**
 * Charged by the period ("per month", "miesięcznie", "pr. måned", "kuukaudessa", "每月"). Left out:
 * Finnish "tilaus" (also an order in a shop), Chinese "订阅" alone and Polish "subskrybuj" (a
 * newsletter's), Polish "roczn…" (also "rocznica", an anniversary), Czech "ročn…" ("ročník", a vintage),
 * Czech/Slovak/Polish "za měsíc"/"za rok" (also "in a month", "in a year"), Czech "měsíční" and Slovak
 * "mesačný" alone (also "lunar": the month and the moon are one word): only with a fee after them.
 */
export const SUBSCRIPTION: WordList = {
  en: ['per month', 'per year', 'per mo', 'per yr', 'per annum', 'each month', 'every month', 'each year', 'every year', 'monthly', 'yearly', 'annually', 'annual', 'billed', 'subscription', 'subscribe', 'p.m.'],
  de: ['pro monat', 'pro jahr', 'per monat', 'im monat', 'mtl.', 'monatl.', 'jährl.', 'monatlich', 'jährlich', 'monatliche…', 'jährliche…', 'abo', 'abonnement', 'monatsbeitrag', 'jahresbeitrag', 'monatsgebühr'],
  fr: ['par mois', 'par an', 'par année', 'mensuel', 'mensuelle', 'mensuels', 'mensuelles', 'mensuellement', 'annuel', 'annuelle', 'annuels', 'annuelles', 'abonnement', 'abonnements'],
  es: ['al mes', 'al año', 'por mes', 'por año', 'mensual', 'mensuales', 'mensualmente', 'anual', 'anuales', 'suscripción', 'suscripciones', 'cuota mensual'],
  pt: ['por mês', 'por ano', 'ao mês', 'ao ano', 'mensal', 'mensais', 'mensalmente', 'mensalidade', 'anual', 'anuais', 'assinatura', 'assinaturas'],
  it: ['al mese', "all'anno", 'mensile', 'mensili', 'annuale', 'annuali', 'abbonamento', 'abbonamenti', 'canone mensile', 'canone annuo'],
  nl: ['per maand', 'per jaar', 'per mnd', 'p.m.', 'p/m', 'maandelijks', 'jaarlijks', 'abonnement', 'abonnementen', 'maandabonnement'],
  pl: ['miesięcznie', 'miesięczn…', 'rocznie', 'roczny', 'roczna', 'roczne', 'na miesiąc', 'na rok', 'abonament…', 'subskrypcj…'],
  cs: ['měsíčně', 'měsíční poplatek', 'měsíční platba', 'měsíční paušál', 'měsíční předplatné', 'ročně', 'roční poplatek', 'roční předplatné', 'na měsíc', 'předplatn…'],
  sk: ['mesačne', 'mesačný poplatok', 'mesačná platba', 'mesačné predplatné', 'ročne', 'ročný poplatok', 'ročné predplatné', 'na mesiac', 'predplatn…'],
  sv: ['per månad', 'per år', 'i månaden', 'om månaden', 'månadsvis', 'månatlig', 'månatligen', 'årsvis', 'prenumeration…', 'abonnemang…', 'månadsavgift…', 'månadskostnad…', 'årsavgift…'],
  da: ['pr. måned', 'pr. md.', 'pr. md', 'pr. år', 'per måned', 'om måneden', 'om året', 'månedlig', 'månedligt', 'månedlige', 'årlig', 'årligt', 'abonnement…', 'månedsgebyr…'],
  nb: ['per måned', 'pr. måned', 'pr. mnd.', 'pr. mnd', 'per år', 'pr. år', 'i måneden', 'i året', 'månedlig', 'månedlige', 'årlig', 'årlige', 'abonnement…', 'månedspris…', 'månedsavgift…'],
  fi: ['kuukaudessa', 'kuussa', 'vuodessa', 'kuukausittain', 'vuosittain', 'kuukausimaksu…', 'kuukausihint…', 'vuosimaksu…'],
  ru: ['в месяц', 'в год', 'за месяц', 'за год', 'ежемесячно', 'ежегодно', 'ежемесячн…', 'подписк…', 'абонентская плата', 'абонемент…'],
  uk: ['на місяць', 'на рік', 'за місяць', 'за рік', 'щомісяця', 'щомісячн…', 'щороку', 'щорічн…', 'підписк…', 'абонентська плата', 'абонемент…'],
  ja: ['月額', '年額', '毎月', '月々', '月払い', '年払い', 'サブスクリプション', 'サブスク', '定期購入'],
  ko: ['구독', '정기 결제', '매월', '매달', '월 요금', '연 요금', '월정액', '월 구독료', '월 이용료'],
  zh: ['月费', '月費', '年费', '年費', '包月', '包年', '每月', '每年', '按月', '按年', '月付', '年付', '订阅费', '訂閱費', '订阅制', '訂閱制', '订阅方案', '訂閱方案'],
  tr: ['aylık', 'yıllık', 'ayda', 'yılda', 'her ay', 'abonelik', 'aboneliğ…'],
};

/** A period written after a slash and an amount ("9 €/mo", "99 kr/mån", "49 zł/mies.", "/kk", "/ay", "/月"). */
export const PER_PERIOD: WordList = {
  en: ['month', 'mo', 'year', 'yr', 'user', 'seat'],
  de: ['monat', 'mon', 'mtl', 'jahr', 'nutzer'],
  fr: ['mois', 'an', 'utilisateur'],
  es: ['mes', 'año', 'usuario'],
  pt: ['mês', 'mes', 'ano', 'usuário'],
  it: ['mese', 'anno', 'utente'],
  nl: ['maand', 'mnd', 'jaar', 'gebruiker'],
  pl: ['mies', 'mies.', 'miesiąc', 'mc', 'm-c', 'rok', 'użytkownika'],
  cs: ['měsíc', 'měs', 'měs.', 'rok', 'uživatele'],
  sk: ['mesiac', 'mes', 'mes.', 'rok', 'používateľa'],
  sv: ['mån', 'mån.', 'månad', 'år', 'användare'],
  da: ['md', 'md.', 'mdr', 'måned', 'år', 'bruger'],
  nb: ['mnd', 'mnd.', 'md', 'måned', 'år', 'bruker'],
  fi: ['kk', 'kuukausi', 'kuukaudessa', 'vuosi', 'v', 'käyttäjä'],
  // Russian "/год" is a year; Ukrainian "/год" is an hour ("година"), so Ukrainian has only "/рік" here.
  ru: ['мес', 'мес.', 'месяц', 'год'],
  uk: ['міс', 'міс.', 'місяць', 'рік'],
  ja: ['月', '年'],
  ko: ['월', '년'],
  zh: ['月', '年'],
  tr: ['ay', 'yıl'],
};

/**
 * Paid once. Left out: Polish "jednorazowy", Czech/Slovak "jednorázový"/"jednorazový", Swedish
 * "engångs-" and Ukrainian "одноразовий" alone, which also mean disposable (cups, gloves): only
 * their payment phrases are read.
 */
export const ONE_TIME: WordList = {
  en: ['one-time', 'one time', 'pay once', 'buy once', 'paid once', 'one-time purchase', 'one-off', 'lifetime deal', 'lifetime license', 'lifetime licence', 'lifetime access', 'perpetual license', 'perpetual licence'],
  de: ['einmal zahlen', 'einmal bezahlen', 'einmalig', 'einmalige', 'einmaliger', 'einmaligen', 'einmalzahlung', 'einmalkauf', 'lebenslange lizenz', 'lebenslanger zugang'],
  fr: ['payez une fois', 'payer une fois', 'payez une seule fois', 'paiement unique', 'achat unique', 'licence à vie', 'accès à vie', 'licence perpétuelle'],
  es: ['paga una vez', 'pagas una vez', 'pago único', 'pago unico', 'compra única', 'licencia de por vida', 'acceso de por vida', 'licencia perpetua'],
  pt: ['pague uma vez', 'pagamento único', 'pagamento unico', 'compra única', 'acesso vitalício', 'licença vitalícia', 'licença perpétua'],
  it: ['paghi una volta', 'una volta sola', 'pagamento unico', 'acquisto unico', 'licenza perpetua', 'licenza a vita', 'accesso a vita', 'una tantum'],
  nl: ['eenmalig', 'eenmalige', 'eenmalige betaling', 'levenslange licentie', 'levenslang toegang'],
  pl: ['jednorazowa opłata', 'jednorazową opłatę', 'jednorazowa płatność', 'płatność jednorazowa', 'opłata jednorazowa', 'jednorazowy zakup', 'płacisz raz', 'zapłać raz', 'licencja dożywotnia', 'licencja wieczysta', 'dożywotni dostęp'],
  cs: ['jednorázová platba', 'jednorázovou platbu', 'jednorázový poplatek', 'jednorázový nákup', 'jednorázově', 'zaplatíte jednou', 'zaplaťte jednou', 'doživotní licence', 'doživotní licenci', 'doživotní přístup'],
  sk: ['jednorazová platba', 'jednorazovú platbu', 'jednorazový poplatok', 'jednorazový nákup', 'jednorazovo', 'zaplatíte raz', 'doživotná licencia', 'doživotnú licenciu', 'doživotný prístup'],
  sv: ['engångsbetalning', 'engångsavgift', 'engångskostnad', 'engångsköp', 'betala en gång', 'betala bara en gång', 'livstidslicens', 'livstidsåtkomst'],
  da: ['engangsbetaling', 'engangsbeløb', 'engangskøb', 'engangsgebyr', 'betal én gang', 'betal en gang', 'livstidslicens', 'livstidsadgang'],
  nb: ['engangsbetaling', 'engangsbeløp', 'engangskjøp', 'engangsavgift', 'betal én gang', 'betal en gang', 'livstidslisens', 'livstidstilgang'],
  fi: ['kertamaksu…', 'kertaostos…', 'maksat vain kerran', 'maksa kerran', 'elinikäinen lisenssi', 'elinikäinen käyttöoikeus'],
  ru: ['заплатите один раз', 'платите один раз', 'единоразово', 'единоразовый', 'единовременно', 'единовременный', 'разовый платеж', 'разовый платёж', 'разовая оплата', 'бессрочная лицензия', 'пожизненная лицензия', 'пожизненный доступ'],
  uk: ['заплатіть один раз', 'платите один раз', 'разовий платіж', 'разова оплата', 'одноразовий платіж', 'одноразова оплата', 'безстрокова ліцензія', 'довічна ліцензія', 'довічний доступ'],
  ja: ['買い切り', '一括払い', '永久ライセンス', '永続ライセンス', '一回払い'],
  ko: ['일회성', '1회 구매', '1회 결제', '단 한 번 결제', '한 번 결제', '평생 이용권', '영구 라이선스'],
  zh: ['一次性付费', '一次性付費', '一次性付款', '一次性购买', '一次性購買', '买断', '買斷', '终身授权', '終身授權', '永久授权', '永久授權'],
  tr: ['tek seferlik', 'tek sefer ödeme', 'bir kez öde', 'bir kez ödeyin', 'ömür boyu lisans', 'ömür boyu erişim'],
};

/** Paid by use or credit ("pay as you go", "nach Verbrauch", "kullandıkça öde", "按量付费"). */
export const USAGE: WordList = {
  en: ['usage-based', 'usage based', 'pay as you go', 'pay-as-you-go', 'pay per use', 'pay only for what you use', 'only pay for what you use', 'per request', 'per api call', 'per call', 'per 1,000', 'per 1000', 'per 1k', 'per gb', 'credits', 'hourly rate', 'hourly rates'],
  de: ['nutzungsbasiert…', 'pro anfrage', 'nach verbrauch', 'abrechnung nach nutzung', 'stundensatz', 'stundensätze', 'stundenpreis'],
  fr: ["à l'usage", 'à la consommation', 'paiement à l\'utilisation', 'taux horaire', 'tarif horaire'],
  es: ['pago por uso', 'según consumo', 'por consumo', 'tarifa por hora', 'precio por hora'],
  pt: ['pagamento por uso', 'pague pelo uso', 'pague conforme o uso', 'por consumo', 'valor por hora', 'preço por hora'],
  it: ['a consumo', 'pagamento a consumo', "in base all'utilizzo", 'tariffa oraria'],
  nl: ['op basis van gebruik', 'betalen per gebruik', 'naar verbruik', 'pay-per-use', 'uurtarief', 'uurprijs'],
  pl: ['płatność za użycie', 'według zużycia', 'płacisz za to, czego używasz', 'stawka godzinowa'],
  cs: ['podle spotřeby', 'platba podle využití', 'hodinová sazba', 'hodinovou sazbu'],
  sk: ['podľa spotreby', 'platba podľa využitia', 'hodinová sadzba', 'hodinovú sadzbu'],
  sv: ['betala per användning', 'användningsbaserad', 'efter förbrukning', 'timpris', 'timarvode'],
  da: ['forbrugsbaseret', 'betal efter forbrug', 'efter forbrug', 'timepris', 'timesats'],
  nb: ['forbruksbasert', 'bruksbasert', 'etter forbruk', 'timepris', 'timesats'],
  fi: ['käytön mukaan', 'käyttöön perustuva', 'kulutuksen mukaan', 'tuntihinta', 'tuntiveloitus'],
  ru: ['оплата по факту', 'за запрос', 'за использование', 'поминутная оплата', 'почасовая оплата', 'по мере использования'],
  uk: ['оплата за фактом', 'за запит', 'за використання', 'похвилинна оплата', 'погодинна оплата'],
  ja: ['従量課金', '従量制', '使った分だけ', '時間単位'],
  ko: ['종량제', '사용량 기반', '사용한 만큼'],
  zh: ['按量付费', '按量付費', '按量计费', '按量計費', '按需付费', '按需付費', '按使用量', '按小时计费', '按小時計費'],
  tr: ['kullandıkça öde', 'kullanım başına', 'kullandığın kadar öde', 'kullandığınız kadar ödeyin', 'saatlik ücret', 'saat başı ücret'],
};

/**
 * A charge per hour written after an amount ("45 €/h", "250 Kč/hod.", "30 zł za godzinę", "500 ₽ в час"):
 * time of work bought as it is used. Only after an amount: alone, "/h" is a speed (km/h) and
 * "в час" an hour of the day or "rush hour".
 */
export const PER_HOUR: WordList = {
  en: ['/h', '/hr', '/hour', 'per hour', 'an hour'],
  de: ['/std.', '/std', '/stunde', 'pro stunde', 'je stunde', 'die stunde'],
  fr: ['/heure', "de l'heure", 'par heure'],
  es: ['/hora', 'por hora', 'la hora'],
  pt: ['/hora', 'por hora'],
  it: ['/ora', "all'ora", "l'ora"],
  nl: ['/uur', 'per uur', 'p/u'],
  pl: ['/godz.', '/godz', '/godzinę', 'za godzinę', 'za godz.'],
  cs: ['/hod.', '/hod', '/hodinu', 'za hodinu', 'na hodinu'],
  sk: ['/hod.', '/hod', '/hodinu', 'za hodinu', 'na hodinu'],
  sv: ['/tim', '/tim.', '/timme', 'per timme', 'i timmen'],
  da: ['/time', 'pr. time', 'i timen', 'per time'],
  nb: ['/time', 'pr. time', 'per time', 'i timen'],
  fi: ['/tunti', 'tunnilta', 'tunnissa'],
  ru: ['/час', 'в час', 'за час'],
  uk: ['/година', '/год.', 'за годину', 'на годину'],
  ja: ['/時間', '/h'],
  ko: ['/시간'],
  zh: ['/小时', '/小時', '每小时', '每小時'],
  tr: ['/saat', 'saat başı', 'saat başına'],
};

/** Open source, or a free-software licence. */
export const OPEN_SOURCE: WordList = {
  en: ['open source', 'open-source', 'opensource', 'free software', 'mit license', 'mit licence', 'apache license', 'apache 2.0', 'apache-2.0', 'gpl', 'agpl', 'lgpl', 'gplv3', 'agplv3'],
  de: ['freie software', 'mit-lizenz', 'quelloffen', 'quelloffene…'],
  fr: ['logiciel libre', 'code source ouvert', 'licence mit'],
  es: ['software libre', 'código abierto', 'licencia mit'],
  pt: ['software livre', 'código aberto', 'licença mit'],
  it: ['software libero', 'codice aperto', 'codice sorgente aperto', 'licenza mit'],
  nl: ['vrije software', 'open broncode'],
  pl: ['otwartoźródłow…', 'otwarty kod źródłowy', 'otwartym kodzie źródłowym', 'wolne oprogramowanie'],
  cs: ['otevřený zdrojový kód', 'otevřeným zdrojovým kódem', 'otevřeného zdrojového kódu', 'svobodný software'],
  sk: ['otvorený zdrojový kód', 'otvoreným zdrojovým kódom', 'otvoreného zdrojového kódu', 'slobodný softvér'],
  sv: ['öppen källkod', 'öppna källkod', 'fri programvara'],
  da: ['åben kildekode', 'åben kilde', 'fri software'],
  nb: ['åpen kildekode', 'fri programvare'],
  fi: ['avoin lähdekoodi', 'avoimen lähdekoodin', 'avointa lähdekoodia', 'vapaa ohjelmisto'],
  ru: ['свободное программное обеспечение', 'свободное по', 'открытый исходный код', 'открытым исходным кодом', 'открытым кодом', 'с открытым кодом'],
  uk: ['вільне програмне забезпечення', 'відкритий код', 'відкритим кодом', 'відкритий вихідний код', 'відкритим вихідним кодом'],
  ja: ['オープンソース', 'フリーソフトウェア'],
  ko: ['오픈 소스'],
  zh: ['开源', '開源', '开放源代码', '開放原始碼'],
  tr: ['açık kaynak', 'açık kaynaklı', 'açık kaynak kodlu', 'özgür yazılım'],
};

/** A paid tier named as such ("paid version", "placená verze", "maksullinen"); "Pro" is read apart, in pricing-models.ts. */
export const PAID_TIER: WordList = {
  en: ['premium', 'paid'],
  de: ['premium', 'kostenpflichtig…'],
  fr: ['premium', 'payant', 'payante', 'payants', 'payantes'],
  es: ['premium', 'de pago'],
  pt: ['premium', 'versão paga', 'plano pago', 'planos pagos', 'conta paga'],
  it: ['premium', 'a pagamento', 'paga'],
  nl: ['premium', 'betaald…'],
  pl: ['premium', 'płatn…'],
  cs: ['premium', 'placen…'],
  sk: ['premium', 'platen…'],
  sv: ['premium', 'betald', 'betalda', 'betalversion…'],
  da: ['premium', 'betalt', 'betalte', 'betalingsversion…'],
  nb: ['premium', 'betalt', 'betalte', 'betalversjon…'],
  fi: ['premium', 'maksullin…', 'maksullis…'],
  ru: ['премиум', 'платн…'],
  uk: ['преміум', 'платн…'],
  ja: ['有料', 'プレミアム'],
  ko: ['유료', '프리미엄'],
  zh: ['付费', '付費', '收费版', '收費版', '高级版', '高級版'],
  tr: ['premium', 'ücretli'],
};

/** The word for a tier ("plan", "verze", "paket", "プラン"). */
export const TIER: WordList = {
  en: ['plan', 'plans', 'version', 'versions', 'tier', 'tiers', 'edition', 'editions', 'package', 'packages'],
  de: ['tarif', 'tarife', 'paket', 'pakete', 'version', 'versionen', 'abo', 'abos', 'plan', 'pläne'],
  fr: ['formule', 'formules', 'forfait', 'forfaits', 'version', 'versions', 'tarif', 'tarifs', 'plan', 'plans'],
  es: ['plan', 'planes', 'versión', 'version', 'versiones', 'paquete', 'paquetes'],
  pt: ['plano', 'planos', 'versão', 'versões', 'pacote', 'pacotes'],
  it: ['piano', 'piani', 'versione', 'versioni', 'pacchetto', 'pacchetti'],
  nl: ['pakket', 'pakketten', 'versie', 'versies', 'abonnement', 'abonnementen', 'plan', 'plannen'],
  pl: ['wersja', 'wersje', 'wersji', 'plan', 'plany', 'pakiet', 'pakiety'],
  cs: ['verze', 'verzi', 'tarif', 'tarify', 'balíček', 'balíčky', 'plán', 'plány'],
  sk: ['verzia', 'verzie', 'verziu', 'tarif', 'tarify', 'balík', 'balíky', 'balíček', 'plán', 'plány'],
  sv: ['version', 'versionen', 'paket', 'paketet', 'plan', 'planer', 'abonnemang'],
  da: ['version', 'versionen', 'pakke', 'pakken', 'pakker', 'plan', 'planer', 'abonnement'],
  nb: ['versjon', 'versjonen', 'pakke', 'pakken', 'pakker', 'plan', 'planer', 'abonnement'],
  fi: ['versio', 'version', 'versiot', 'paketti', 'paketit', 'paketin'],
  ru: ['тариф…', 'верси…', 'пакет…'],
  uk: ['тариф…', 'версі…', 'пакет…'],
  ja: ['プラン', '版', 'バージョン'],
  ko: ['플랜', '요금제', '버전'],
  zh: ['套餐', '版本', '版', '方案'],
  tr: ['paket', 'paketi', 'paketler', 'paketleri', 'plan', 'planı', 'planlar', 'planları', 'sürüm', 'sürümü', 'sürümler', 'versiyon', 'versiyonu'],
};

/** Shipping charged on top of the prices ("zzgl. Versand", "+ frakt", "kargo hariç", "送料別"): goods bought per order. */
export const SHIPPING_EXTRA: WordList = {
  en: ['plus shipping', 'excl. shipping', 'excl shipping', 'excluding shipping', 'shipping not included', '+ shipping'],
  de: ['zzgl. versand…', 'zzgl versand…', 'zuzüglich versand…', 'plus versand…', '+ versand…'],
  fr: ['frais de port en sus', 'hors frais de port', '+ frais de port', 'frais de livraison en sus'],
  es: ['más gastos de envío', 'mas gastos de envio', 'más gastos de envio', 'gastos de envío no incluidos', 'gastos de envio no incluidos', '+ gastos de envío', '+ envío'],
  pt: ['portes não incluídos', 'frete não incluído', 'frete não incluido', '+ frete', 'mais frete'],
  it: ['spese di spedizione escluse', 'più spese di spedizione', 'piu spese di spedizione', '+ spese di spedizione'],
  nl: ['excl. verzendkosten', 'excl verzendkosten', 'exclusief verzendkosten', 'plus verzendkosten', '+ verzendkosten'],
  pl: ['plus koszt wysyłki', 'plus koszty wysyłki', '+ koszt wysyłki', '+ koszty wysyłki', '+ wysyłka', 'nie zawiera kosztów wysyłki', 'nie obejmuje kosztów wysyłki'],
  cs: ['+ poštovné', 'plus poštovné', '+ doprava', 'nezahrnuje poštovné', 'nezahrnuje dopravu', 'nezahrnuje cenu dopravy'],
  sk: ['+ poštovné', 'plus poštovné', '+ doprava', 'nezahŕňa poštovné', 'nezahŕňa dopravu'],
  sv: ['plus frakt', '+ frakt', 'exkl. frakt', 'exkl frakt', 'exklusive frakt', 'frakt tillkommer'],
  da: ['plus fragt', '+ fragt', 'ekskl. fragt', 'ekskl fragt', 'eksklusiv fragt', 'fragt tillægges', '+ forsendelse', 'ekskl. forsendelse'],
  nb: ['pluss frakt', '+ frakt', 'ekskl. frakt', 'ekskl frakt', 'eksklusiv frakt', 'frakt kommer i tillegg', 'frakt tilkommer'],
  fi: ['+ toimituskulut', 'plus toimituskulut', '+ postikulut', 'toimituskulut eivät sisälly', 'ei sisällä toimituskuluja', 'hintaan lisätään toimituskulut'],
  ru: ['плюс доставка', '+ доставка', 'без учета доставки', 'без учёта доставки', 'доставка оплачивается отдельно', 'стоимость доставки не включена'],
  uk: ['плюс доставка', '+ доставка', 'без урахування доставки', 'доставка оплачується окремо', 'вартість доставки не включена'],
  ja: ['送料別', '送料は別', '送料別途'],
  ko: ['배송비 별도'],
  zh: ['运费另计', '運費另計', '不含运费', '不含運費'],
  tr: ['kargo hariç', '+ kargo', 'kargo ücreti hariç', 'kargo ücreti alıcıya ait'],
};

/**
 * "About", "ca.", "n.": an amount so marked is an estimate of a cost (a domain, hosting paid to
 * others), not the site's own price ("n. 14 € / kk", "ca. 20 €/Jahr", "約1,000円/月").
 */
export const ABOUT: WordList = {
  en: ['approx.', 'approximately', 'about', 'around', 'roughly', 'ca.', '~'],
  de: ['ca.', 'circa', 'etwa', 'rund', 'ungefähr', '~'],
  fr: ['environ', 'env.', 'approx.', '~'],
  es: ['aprox.', 'aproximadamente', 'alrededor de', 'unos', '~'],
  pt: ['aprox.', 'aproximadamente', 'cerca de', 'uns', '~'],
  it: ['circa', 'ca.', 'approssimativamente', '~'],
  nl: ['ca.', 'circa', 'ongeveer', '~'],
  pl: ['ok.', 'około', 'mniej więcej', '~'],
  cs: ['cca', 'cca.', 'asi', 'přibližně', 'zhruba', '~'],
  sk: ['cca', 'cca.', 'asi', 'približne', 'zhruba', '~'],
  sv: ['ca', 'ca.', 'cirka', 'ungefär', 'runt', '~'],
  da: ['ca.', 'cirka', 'omkring', 'omtrent', '~'],
  nb: ['ca.', 'cirka', 'omtrent', 'rundt', '~'],
  fi: ['n.', 'noin', 'arviolta', '~'],
  ru: ['около', 'примерно', 'приблизительно', 'порядка', '~'],
  uk: ['близько', 'приблизно', 'орієнтовно', '~'],
  ja: ['約', 'およそ', '~'],
  ko: ['약', '대략', '~'],
  zh: ['约', '約', '大约', '大約', '~'],
  tr: ['yaklaşık', 'yakl.', 'ortalama', '~'],
};

/**
 * A beta, a test phase or early access: "free during the beta", "kostenlos in der Beta-Phase",
 * "gratuit pendant la bêta". A product free while it is being tested states a period, as a trial
 * does, not a free plan. The connecting words ("during", "während der") are read as the one word
 * allowed between, so an entry may carry its article ("the beta", "la bêta").
 */
export const BETA: WordList = {
  en: ['beta', 'the beta', 'in beta', 'public beta', 'beta phase', 'beta period', 'beta testing', 'early access'],
  de: ['beta', 'der beta', 'beta-phase', 'betaphase', 'der beta-phase', 'der betaphase', 'testphase', 'der testphase', 'early access'],
  fr: ['bêta', 'beta', 'la bêta', 'la beta', 'phase bêta', 'phase beta', 'la phase bêta', 'la phase beta', 'accès anticipé'],
  es: ['beta', 'la beta', 'fase beta', 'la fase beta', 'acceso anticipado'],
  pt: ['beta', 'o beta', 'a beta', 'fase beta', 'a fase beta', 'acesso antecipado'],
  it: ['beta', 'la beta', 'fase beta', 'la fase beta', 'accesso anticipato'],
  nl: ['bèta', 'beta', 'de bèta', 'de beta', 'bètafase', 'betafase', 'de bètafase', 'de betafase', 'early access'],
  pl: ['beta', 'wersji beta', 'fazie beta', 'okresie beta', 'becie', 'wczesnym dostępie'],
  cs: ['beta', 'betaverze', 'beta verze', 'beta verzi', 'beta fázi', 'betě', 'předběžném přístupu'],
  sk: ['beta', 'betaverzie', 'beta verzie', 'beta fáze', 'beta fázy', 'bete', 'predbežnom prístupe'],
  sv: ['beta', 'betan', 'betaperioden', 'betafasen', 'betatestet', 'early access'],
  da: ['beta', 'betaen', 'betaperioden', 'betafasen', 'early access'],
  nb: ['beta', 'betaen', 'betaperioden', 'betafasen', 'early access'],
  fi: ['beta', 'betan', 'beta-vaiheen', 'betavaiheen', 'beta-vaiheessa', 'betavaiheessa', 'betatestauksen'],
  ru: ['бета', 'бета-версии', 'бета-тестирования', 'бета-тестирование', 'раннем доступе', 'бета-периода'],
  uk: ['бета', 'бета-версії', 'бета-тестування', 'ранньому доступі', 'бета-періоду'],
  ja: ['ベータ', 'β版', 'ベータ版', 'ベータ期間', 'ベータ版期間', 'ベータ期間中', 'ベータ版期間中'],
  ko: ['베타', '베타 기간', '베타 기간 동안', '베타 테스트', '베타 서비스'],
  zh: ['测试期', '測試期', '测试期间', '測試期間', '公测', '公測', '公测期间', '公測期間', '内测', '內測', '内测期间', '內測期間', 'beta'],
  tr: ['beta', 'beta süresince', 'beta döneminde', 'beta sürecinde', 'erken erişim'],
};

/**
 * Something bought on top of a plan: "1 extra analysis", "add-on", "zusätzliche Nutzer". A one-time
 * word beside one ("Eenmalig 1 extra analyse", "One-time add-on") prices a top-up, not the plan.
 */
export const ADD_ON: WordList = {
  en: ['extra', 'add-on', 'add-ons', 'addon', 'addons', 'additional', 'top-up', 'top up'],
  de: ['extra', 'zusätzlich…', 'zusatz…', 'add-on', 'aufladung'],
  fr: ['supplémentaire', 'supplémentaires', 'additionnel…', 'en supplément', 'module complémentaire', 'recharge'],
  es: ['extra', 'extras', 'adicional', 'adicionales', 'complemento', 'recarga'],
  pt: ['extra', 'extras', 'adicional', 'adicionais', 'complemento', 'recarga'],
  it: ['extra', 'aggiuntiv…', 'supplementar…', 'ricarica'],
  nl: ['extra', 'aanvullend…', 'add-on', 'bijkomend…', 'opwaardering'],
  pl: ['dodatkow…', 'ekstra', 'doładowani…'],
  cs: ['navíc', 'extra', 'dodatečn…', 'doplňk…', 'přídavn…'],
  sk: ['navyše', 'extra', 'dodatočn…', 'doplnk…', 'prídavn…'],
  sv: ['extra', 'ytterligare', 'tillägg…', 'påfyllning'],
  da: ['ekstra', 'yderligere', 'tilkøb…', 'tillæg…'],
  nb: ['ekstra', 'ytterligere', 'tillegg…', 'tilleggs…'],
  fi: ['lisä…', 'ylimääräi…'],
  ru: ['дополнительн…', 'доп.', 'сверх'],
  uk: ['додатков…', 'дод.', 'понад'],
  ja: ['追加', 'オプション', 'アドオン'],
  ko: ['추가', '애드온', '옵션'],
  zh: ['额外', '額外', '追加', '加购', '加購', '附加'],
  tr: ['ek', 'ekstra', 'ilave', 'eklenti'],
};

/**
 * What is done or delivered each period, named by the period word ("annual tax return", "Informe
 * Mensual", "rozliczenie roczne", "årlig kontroll", "monatlicher Bericht"): beside such a noun,
 * "monthly" or "annual" says how often the work is done, not that a plan is paid by the period.
 */
export const PERIODIC: WordList = {
  en: ['report', 'reports', 'reporting', 'return', 'returns', 'tax return', 'tax returns', 'statement', 'statements', 'inspection', 'inspections', 'check-up', 'checkup', 'review', 'reviews', 'accounts', 'meeting', 'meetings', 'newsletter', 'experience'],
  de: ['bericht…', 'report…', 'reporting', 'steuererklärung…', 'abschluss…', 'abschlüsse', 'prüfung…', 'kontrolle…', 'inspektion…', 'auswertung…', 'versammlung…', 'newsletter', 'erfahrung…'],
  fr: ['rapport…', 'bilan…', 'déclaration…', 'contrôle…', 'inspection…', 'relevé…', 'compte rendu', 'comptes rendus', 'réunion…', 'newsletter', 'expérience…'],
  es: ['informe…', 'reporte…', 'declaración…', 'declaraciones', 'balance…', 'revisión…', 'revisiones', 'inspección…', 'inspecciones', 'resumen…', 'reunión…', 'reuniones', 'boletín…', 'experiencia…'],
  pt: ['relatório…', 'declaração…', 'declarações', 'balanço…', 'revisão…', 'revisões', 'inspeção…', 'inspeções', 'vistoria…', 'resumo…', 'reunião…', 'reuniões', 'boletim…', 'experiência…'],
  it: ['report', 'rapporto…', 'rapporti', 'relazione…', 'relazioni', 'dichiarazione…', 'dichiarazioni', 'bilancio…', 'bilanci', 'revisione…', 'revisioni', 'ispezione…', 'ispezioni', 'riunione…', 'riunioni', 'esperienza…'],
  nl: ['rapport…', 'rapportage…', 'verslag…', 'aangifte…', 'jaarrekening…', 'inspectie…', 'keuring…', 'overzicht…', 'vergadering…', 'nieuwsbrief…', 'ervaring…'],
  pl: ['raport…', 'sprawozdani…', 'rozliczeni…', 'zeznani…', 'deklaracj…', 'przegląd…', 'przeglądy', 'inspekcj…', 'zestawieni…', 'zebrani…', 'bilans…', 'doświadczeni…'],
  cs: ['zpráv…', 'report…', 'přiznání', 'vyúčtování', 'uzávěrk…', 'revize', 'revizi', 'prohlídk…', 'přehled…', 'schůz…', 'zkušenost…', 'praxe', 'praxí'],
  sk: ['správ…', 'report…', 'priznani…', 'vyúčtovani…', 'uzávierk…', 'revízi…', 'prehliadk…', 'prehľad…', 'schôdz…', 'skúsenost…', 'prax…'],
  sv: ['rapport…', 'deklaration…', 'bokslut…', 'kontroll…', 'besiktning…', 'granskning…', 'sammanställning…', 'möte…', 'nyhetsbrev…', 'erfarenhet…'],
  da: ['rapport…', 'selvangivelse…', 'regnskab…', 'kontrol…', 'eftersyn…', 'gennemgang…', 'opgørelse…', 'møde…', 'nyhedsbrev…', 'erfaring…'],
  nb: ['rapport…', 'selvangivelse…', 'regnskap…', 'kontroll…', 'ettersyn…', 'gjennomgang…', 'oppgjør…', 'møte…', 'nyhetsbrev…', 'erfaring…'],
  fi: ['raportti…', 'raportin', 'raportit', 'ilmoitu…', 'ilmoituk…', 'tilinpäätö…', 'tarkastu…', 'tarkastuk…', 'katsau…', 'kokou…', 'kokemu…', 'kokemuk…'],
  ru: ['отчет…', 'отчёт…', 'деклараци…', 'проверк…', 'осмотр…', 'обзор…', 'собрани…', 'опыт…'],
  uk: ['звіт…', 'декларац…', 'перевірк…', 'огляд…', 'збор…', 'досвід…'],
  ja: ['レポート', '報告', '報告書', '点検', '検査', '申告', '決算', '経験', '実績'],
  ko: ['보고서', '리포트', '점검', '검사', '신고', '결산', '경력', '경험'],
  zh: ['报告', '報告', '检查', '檢查', '申报', '申報', '审核', '審核', '经验', '經驗'],
  tr: ['rapor…', 'beyanname…', 'denetim…', 'muayene…', 'bülten…', 'toplantı…', 'tecrübe…', 'deneyim…'],
};

/**
 * A tool a site gives away beside what it sells ("Free tool: check your domain", "Herramienta
 * gratuita", "kostenloser Rechner", "outil gratuit"): a checker, calculator or generator that
 * brings visitors to a paid plan. Beside a price it is no free tier of the product; alone (a site
 * that is only the free tool) it still says the product is free.
 */
export const TOOL: WordList = {
  en: ['tool', 'tools', 'checker', 'calculator', 'generator'],
  de: ['tool', 'tools', 'werkzeug…', 'rechner', 'generator', 'checker'],
  fr: ['outil', 'outils', 'calculateur', 'simulateur', 'générateur', 'vérificateur'],
  es: ['herramienta', 'herramientas', 'calculadora', 'simulador', 'generador', 'verificador'],
  pt: ['ferramenta', 'ferramentas', 'calculadora', 'simulador', 'gerador', 'verificador'],
  it: ['strumento', 'strumenti', 'calcolatore', 'simulatore', 'generatore', 'verificatore'],
  nl: ['tool', 'tools', 'rekentool', 'calculator', 'generator', 'checker'],
  pl: ['narzędzi…', 'kalkulator…', 'generator…'],
  cs: ['nástroj…', 'kalkulačk…', 'generátor…'],
  sk: ['nástroj…', 'kalkulačk…', 'generátor…'],
  sv: ['verktyg…', 'kalkylator…', 'räknare', 'generator…'],
  da: ['værktøj…', 'beregner…', 'generator…'],
  nb: ['verktøy…', 'kalkulator…', 'generator…'],
  fi: ['työkalu…', 'laskuri…', 'generaattori…'],
  ru: ['инструмент…', 'калькулятор…', 'генератор…'],
  uk: ['інструмент…', 'калькулятор…', 'генератор…'],
  ja: ['ツール', '計算機', 'シミュレーター', 'ジェネレーター'],
  ko: ['도구', '툴', '계산기', '생성기'],
  zh: ['工具', '计算器', '計算器', '生成器'],
  tr: ['araç', 'aracı', 'araçlar…', 'hesaplayıcı', 'oluşturucu'],
};

/**
 * Regular, recurring service ("regular or one-off cleaning", "regelmäßig oder einmalig",
 * "pravidelně nebo jednorázově"): beside a one-time word it names how often the work is done,
 * not how it is paid. Left out: "fixed" words (Dutch "vast", Danish/Norwegian "fast", Polish
 * "stały"), which also price a one-time fee ("fast engangsbeløb").
 */
export const REGULAR: WordList = {
  en: ['regular', 'regularly', 'recurring', 'ongoing', 'weekly'],
  de: ['regelmäßig…', 'wiederkehrend…', 'laufend…', 'wöchentlich…'],
  fr: ['régulier', 'régulière', 'réguliers', 'régulières', 'régulièrement', 'récurrent…', 'hebdomadaire…'],
  es: ['regular', 'regulares', 'regularmente', 'periódic…', 'recurrente…', 'semanal…'],
  pt: ['regular', 'regulares', 'regularmente', 'periódic…', 'recorrente…', 'semanal…'],
  it: ['regolar…', 'periodic…', 'ricorrent…', 'settimanal…'],
  nl: ['regelmatig…', 'periodiek…', 'terugkerend…', 'wekelijks…'],
  pl: ['regularn…', 'cykliczn…', 'cotygodniow…'],
  cs: ['pravideln…', 'opakovan…', 'týdenn…'],
  sk: ['pravideln…', 'opakovan…', 'týždenn…'],
  sv: ['regelbund…', 'återkommande', 'löpande', 'veckovis'],
  da: ['regelmæssig…', 'løbende', 'ugentlig…'],
  nb: ['regelmessig…', 'løpende', 'ukentlig…'],
  fi: ['säännölli…', 'toistuv…', 'viikoittai…'],
  ru: ['регулярн…', 'постоянн…', 'еженедельн…'],
  uk: ['регулярн…', 'постійн…', 'щотижнев…'],
  ja: ['定期', '定期的'],
  ko: ['정기', '정기적'],
  zh: ['定期', '长期', '長期'],
  tr: ['düzenli', 'periyodik', 'haftalık'],
};

/**
 * What a free thing is earned as or for ("Get rewarded for your success", "als Belohnung", "en
 * récompense", "bonus"): a reward to customers who bought, not a free tier. Read in a free line
 * and in the line after it (a heading's description).
 */
export const REWARD: WordList = {
  en: ['reward', 'rewards', 'rewarded', 'earn', 'earned', 'bonus', 'congratulatory', 'as a thank you'],
  de: ['belohn…', 'prämie…', 'bonus', 'als dankeschön', 'verdien…'],
  fr: ['récompens…', 'bonus', 'en remerciement', 'gagnez', 'offert aux'],
  es: ['recompens…', 'premio…', 'bonificaci…', 'como agradecimiento', 'gana', 'ganas'],
  pt: ['recompens…', 'prêmio…', 'prémio…', 'bônus', 'bónus', 'como agradecimento', 'ganhe', 'ganha'],
  it: ['ricompens…', 'premio', 'premi', 'in premio', 'bonus', 'come ringraziamento', 'guadagn…'],
  nl: ['belon…', 'beloning…', 'bonus', 'als bedankje', 'verdien…'],
  pl: ['nagrod…', 'nagradza…', 'premia', 'premię', 'premii', 'bonus…', 'w podziękowaniu', 'zdobądź', 'zyskaj'],
  cs: ['odměn…', 'bonus…', 'jako poděkování', 'získej…', 'získáte'],
  sk: ['odmen…', 'bonus…', 'ako poďakovanie', 'získaj…', 'získate'],
  sv: ['belöning…', 'belönas', 'belönad…', 'bonus…', 'som tack', 'tjäna'],
  da: ['belønning…', 'belønnet', 'bonus…', 'som tak', 'optjen…'],
  nb: ['belønning…', 'belønnet', 'bonus…', 'som takk', 'opptjen…'],
  fi: ['palkinno…', 'palkinto…', 'palkitse…', 'palkitaan', 'bonus…', 'kiitokse…', 'ansaitse…'],
  ru: ['награ…', 'бонус…', 'в благодарность', 'заработ…'],
  uk: ['нагород…', 'бонус…', 'на подяку', 'зароб…'],
  ja: ['特典', 'ご褒美', 'ボーナス', 'お礼'],
  ko: ['보상', '보너스', '리워드', '감사의'],
  zh: ['奖励', '獎勵', '奖品', '獎品', '红利', '紅利'],
  tr: ['ödül…', 'bonus…', 'teşekkür olarak', 'kazan…'],
};

/**
 * "Start", "get started", "Comenzar", "Jetzt starten": a button's verb. Beside a free word
 * ("Comenzar gratis", "Start for free") on a page that offers a trial it starts the trial.
 */
export const START: WordList = {
  en: ['start', 'start for', 'get started', 'get started for', 'begin', 'sign up', 'sign up for'],
  de: ['starten', 'starte', 'jetzt starten', 'beginnen', 'loslegen', 'legen sie'],
  fr: ['commencer', 'commencez', 'démarrer', 'démarrez', 'débuter', 'inscrivez-vous'],
  es: ['comenzar', 'comienza', 'comience', 'empezar', 'empieza', 'empiece', 'iniciar', 'inicia', 'regístrate'],
  pt: ['começar', 'comece', 'começa', 'iniciar', 'inicie', 'cadastre-se'],
  it: ['iniziare', 'inizia', 'iniziate', 'comincia', 'cominciare', 'registrati'],
  nl: ['starten', 'start', 'begin', 'beginnen', 'meld je aan', 'aanmelden'],
  pl: ['zacznij', 'zacznij za', 'rozpocznij', 'rozpocznij za', 'zarejestruj się'],
  cs: ['začněte', 'začni', 'začít', 'zaregistrujte se'],
  sk: ['začnite', 'začni', 'začať', 'zaregistrujte sa'],
  sv: ['starta', 'börja', 'kom igång', 'kom igång för'],
  da: ['start', 'kom i gang', 'begynd'],
  nb: ['start', 'kom i gang', 'begynn'],
  fi: ['aloita', 'aloittaa', 'aloitetaan'],
  ru: ['начать', 'начните', 'начни'],
  uk: ['почати', 'почніть', 'почни'],
  ja: ['始める', 'はじめる', '始めましょう', 'スタート'],
  ko: ['시작하기', '시작하세요', '시작'],
  zh: ['开始', '開始'],
  tr: ['başla', 'başlayın', 'başlat'],
};

/**
 * "Buy", "purchase", "Compra", "Kaufe": with a free word later in the same line ("Buy 2, get 1
 * free", "Compra 1 activación y la 2da es GRATIS") a promotion on what is bought, not a free tier.
 */
export const BUY: WordList = {
  en: ['buy', 'purchase'],
  de: ['kaufe', 'kaufen', 'kaufen sie', 'bestelle', 'bestellen sie'],
  fr: ['achetez', 'acheter', 'achète', 'commandez'],
  es: ['compra', 'compre', 'comprar', 'compras'],
  pt: ['compre', 'compra', 'comprar', 'compras'],
  it: ['acquista', 'acquisti', 'compra', 'compri', 'ordina'],
  nl: ['koop', 'kopen', 'bestel'],
  pl: ['kup', 'kupując', 'kupisz', 'zamów'],
  cs: ['kup', 'kupte', 'kupíte', 'objednejte'],
  sk: ['kúp', 'kúpte', 'kúpite', 'objednajte'],
  sv: ['köp', 'köper', 'beställ'],
  da: ['køb', 'køber', 'bestil'],
  nb: ['kjøp', 'kjøper', 'bestill'],
  fi: ['osta', 'ostat', 'ostamalla', 'tilaa'],
  ru: ['купи', 'купите', 'покупая', 'закажите'],
  uk: ['купи', 'купіть', 'купуючи', 'замовте'],
  ja: ['購入', '買う', 'ご購入'],
  ko: ['구매', '구입'],
  zh: ['购买', '購買', '买', '買'],
  tr: ['satın al', 'al', 'alana', 'alın'],
};

/**
 * Setting a service up ("setup fee", "Einrichtung", "Activación remota", "käyttöönotto"): a
 * one-time word in the same line prices the setup, paid once beside the plan, not the plan.
 */
export const SETUP: WordList = {
  en: ['setup', 'set-up', 'set up', 'activation', 'onboarding', 'installation'],
  de: ['einrichtung…', 'aktivierung…', 'installation…', 'onboarding'],
  fr: ['mise en place', 'mise en service', 'activation…', 'installation…', 'configuration…', "frais d'ouverture"],
  es: ['activación', 'configuración', 'instalación', 'alta', 'puesta en marcha', 'implementación'],
  pt: ['ativação', 'configuração', 'instalação', 'implantação', 'adesão'],
  it: ['attivazione', 'configurazione', 'installazione', 'avviamento'],
  nl: ['activatie…', 'installatie…', 'inrichting…', 'implementatie…', 'opstart…', 'eenmalige opstart'],
  pl: ['aktywacj…', 'konfiguracj…', 'instalacj…', 'wdrożeni…', 'uruchomieni…'],
  cs: ['aktivac…', 'zřízení', 'instalac…', 'nastavení', 'zprovoznění'],
  sk: ['aktiváci…', 'zriadeni…', 'inštaláci…', 'nastaveni…', 'sprevádzkovani…'],
  sv: ['uppstart…', 'installation…', 'aktivering…', 'etablering…', 'implementering…'],
  da: ['opsætning…', 'oprettelse…', 'aktivering…', 'installation…', 'etablering…'],
  nb: ['oppsett…', 'oppstart…', 'aktivering…', 'installasjon…', 'etablering…'],
  fi: ['käyttöönot…', 'avausmaksu…', 'aktivoin…', 'asennu…', 'asennuk…', 'perustamis…'],
  ru: ['подключени…', 'активаци…', 'установк…', 'настройк…', 'внедрени…'],
  uk: ['підключен…', 'активаці…', 'встановлен…', 'налаштуван…', 'впроваджен…'],
  ja: ['初期費用', '初期設定', '導入', '設定費'],
  ko: ['가입비', '설치비', '초기 설정', '도입'],
  zh: ['开通', '開通', '初装', '初裝', '安装费', '安裝費', '设置费', '設置費'],
  tr: ['kurulum…', 'aktivasyon…', 'açılış…'],
};

/**
 * "First" ("Il primo incontro … è gratuito", "first lesson free", "erste Stunde kostenlos"): the
 * first meeting or lesson of a paid service given free is a try-out of it, as a trial is.
 */
export const FIRST: WordList = {
  en: ['first', 'your first'],
  de: ['erste', 'ersten', 'erstes', 'erster'],
  fr: ['premier', 'première', 'premiers', 'premières'],
  es: ['primer', 'primera', 'primero', 'primeros', 'primeras'],
  pt: ['primeiro', 'primeira', 'primeiros', 'primeiras'],
  it: ['primo', 'prima', 'primi', 'prime'],
  nl: ['eerste'],
  pl: ['pierwsz…'],
  cs: ['první', 'prvním', 'prvnímu'],
  sk: ['prvá', 'prvý', 'prvé', 'prvou', 'prvú'],
  sv: ['första'],
  da: ['første'],
  nb: ['første'],
  fi: ['ensimmäi…'],
  ru: ['перв…'],
  uk: ['перш…'],
  ja: ['初回', '最初の', '初めての'],
  ko: ['첫', '처음'],
  zh: ['首次', '第一次'],
  tr: ['ilk', 'i̇lk'],
};

/**
 * Amounts a visitor gives or earns, not what the product costs: a donation or sponsorship ("A
 * donation of $25 buys a book", "Mit 10 € finanzieren Sie…" under "Spenden") and a salary
 * ("Gehalt ab 3.000 € pro Monat"). A line that says one states no pricing model, whatever its
 * period words. Left out: "support" (a plan's help desk), French "don" alone (English "don't"),
 * Czech/Slovak "plat" (French "plat", a dish) and "dar" (Spanish "to give"), Turkish "ücret" (also
 * a fee), Korean "지원" (also support), Dutch "gift" (English "gift card"), Portuguese "doe" (Dutch
 * "do"), Polish "wpłać" (also a deposit), and "remuneration" and its kin (also a consultant's fee).
 */
export const GIFTS_AND_WAGES: WordList = {
  en: ['donate', 'donates', 'donating', 'donation', 'donations', 'donor', 'donors', 'sponsor', 'sponsors', 'sponsorship', 'salary', 'salaries', 'wage', 'wages'],
  de: ['spende…', 'spenden…', 'spender…', 'gehalt', 'gehälter', 'bruttogehalt', 'jahresgehalt', 'monatsgehalt', 'lohn', 'stundenlohn', 'bruttolohn'],
  fr: ['faire un don', 'un don', 'dons', 'donateur…', 'donatrice…', 'salaire…'],
  es: ['donar', 'dona ahora', 'donación', 'donaciones', 'donativo…', 'donante…', 'salario…', 'sueldo…'],
  pt: ['doar', 'doe agora', 'doação', 'doações', 'doador…', 'salário…'],
  it: ['donare', 'dona ora', 'donazion…', 'donator…', 'stipendio', 'stipendi'],
  nl: ['doneer', 'doneren', 'donatie…', 'donateur…', 'salaris', 'salarissen', 'loon', 'brutoloon'],
  pl: ['darowizn…', 'wesprzyj', 'wynagrodzeni…', 'pensj…'],
  cs: ['darujte', 'darovat', 'darem', 'daru', 'dárc…', 'mzda', 'mzdu', 'mzdy', 'mzdové'],
  sk: ['darujte', 'darovať', 'darom', 'daru', 'darc…', 'mzda', 'mzdu', 'mzdy', 'mzdové'],
  sv: ['donera', 'donation', 'donationer', 'gåva', 'gåvor', 'lön', 'månadslön', 'timlön'],
  da: ['donér', 'doner', 'donation', 'donationer', 'løn', 'månedsløn', 'timeløn'],
  nb: ['doner', 'donasjon…', 'lønn', 'månedslønn', 'timelønn'],
  fi: ['lahjoit…', 'palkka', 'palkkaa', 'palkan', 'kuukausipalkka', 'tuntipalkka'],
  ru: ['пожертвова…', 'пожертвуй…', 'донат…', 'зарплат…', 'заработная плата', 'оклад…'],
  uk: ['пожертв…', 'донат…', 'зарплат…', 'заробітна плата', 'оклад…'],
  ja: ['寄付', '寄附', '募金', '給与', '給料', '月給', '年収', '時給'],
  ko: ['기부', '후원', '급여', '연봉', '월급', '시급'],
  zh: ['捐款', '捐赠', '捐贈', '捐助', '赞助', '贊助', '薪资', '薪資', '工资', '工資', '薪酬', '月薪', '年薪'],
  tr: ['bağış…', 'maaş…'],
};
