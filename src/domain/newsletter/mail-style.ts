/**
 * The newsletter's colours and type. Every colour is written inline (clients that strip <style>
 * keep them); the dark palette is a <style> block with a prefers-color-scheme query for clients
 * that honour it (Apple Mail, iOS, the web version), and clients that recolour mails themselves
 * (Gmail's and Outlook's dark modes) meet solid colours and no text on pictures. Each pair passes
 * WCAG AA: text 15.8:1 and 14.6:1, muted 6.4:1 and 7.1:1, links 6.4:1 and 8.9:1, the award mark
 * 4.9:1 and 8.9:1 (light on white / dark on #161b22).
 */
export const MAIL_COLORS = {
  page: '#f3f4f6',
  card: '#ffffff',
  text: '#1f2328',
  muted: '#57606a',
  link: '#0a58ca',
  mark: '#9a6700',
  rule: '#d0d7de',
} as const;

export const MAIL_DARK = {
  page: '#0d1117',
  card: '#161b22',
  text: '#e6edf3',
  muted: '#9da7b3',
  link: '#79c0ff',
  mark: '#e3b341',
  rule: '#30363d',
} as const;

export const MAIL_FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The dark palette for clients that read <style>: classes on the elements whose inline colours it overrides. */
export const DARK_STYLE = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
.ly-page{background-color:${MAIL_DARK.page}!important}
.ly-card{background-color:${MAIL_DARK.card}!important}
.ly-text{color:${MAIL_DARK.text}!important}
.ly-muted{color:${MAIL_DARK.muted}!important}
.ly-link{color:${MAIL_DARK.link}!important}
.ly-mark{color:${MAIL_DARK.mark}!important}
.ly-rule{border-color:${MAIL_DARK.rule}!important}
}`;
