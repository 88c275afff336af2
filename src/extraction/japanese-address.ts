/**
 * A Japanese postal address ("群馬県吾妻郡中之条町伊勢町15-6", "〒150-0002 東京都渋谷区…"): one of the
 * 47 prefectures, an optional district (郡), then the municipality (…市, …町, …村 or a Tokyo ward
 * …区). A prefecture is a division of Japan alone, so such an address states the country as
 * plainly as "Japan" would. The extractor reads it, and the verifier accepts it as a quote for
 * country JP and for the municipality as the city.
 */
const PREFECTURES = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県', '埼玉県', '千葉県', '東京都', '神奈川県',
  '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県', '岐阜県', '静岡県', '愛知県', '三重県', '滋賀県', '京都府', '大阪府', '兵庫県',
  '奈良県', '和歌山県', '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県', '香川県', '愛媛県', '高知県', '福岡県', '佐賀県', '長崎県',
  '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県',
];

/** Municipality: up to six characters, the shortest that ends in 市/町/村/区 (so "中之条町伊勢町" gives "中之条町"). */
const ADDRESS = new RegExp(`(${PREFECTURES.join('|')})(?:\\p{Script=Han}{1,4}郡)?([\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ヶ]{1,6}?[市町村区])`, 'u');

export interface JapaneseAddress {
  prefecture: string;
  municipality: string;
  /** The matched stretch, prefecture to municipality. */
  text: string;
}

export function japaneseAddress(text: string): JapaneseAddress | null {
  const m = ADDRESS.exec(text);
  return m ? { prefecture: m[1], municipality: m[2], text: m[0] } : null;
}
