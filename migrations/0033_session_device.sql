-- Sessions keep what a person needs to recognise them and nothing more (docs/decisions.md, "Privacy
-- and retention (issue 31)"): a coarse device label such as "Firefox on Linux", and no address. The
-- raw client address and User-Agent header each session stored are read once, here, into the label
-- and dropped. The tests below are those of src/domain/accounts/device-label.ts, in its order (first
-- match wins); device-label.test.ts checks the two agree.

alter table sessions add column device text not null default 'Unknown browser' check (char_length(device) between 1 and 60);

with headers as (
  select id, left(coalesce(user_agent, ''), 500) as ua from sessions
), parsed as (
  select id,
    case
      when strpos(ua, 'Edg/') > 0 or strpos(ua, 'EdgA/') > 0 or strpos(ua, 'EdgiOS/') > 0 or strpos(ua, 'Edge/') > 0 then 'Edge'
      when strpos(ua, 'OPR/') > 0 or strpos(ua, 'OPT/') > 0 or strpos(ua, 'Opera') > 0 then 'Opera'
      when strpos(ua, 'SamsungBrowser/') > 0 then 'Samsung Internet'
      when strpos(ua, 'Vivaldi/') > 0 then 'Vivaldi'
      when strpos(ua, 'Firefox/') > 0 or strpos(ua, 'FxiOS/') > 0 then 'Firefox'
      when strpos(ua, 'CriOS/') > 0 or strpos(ua, 'Chrome/') > 0 then 'Chrome'
      when strpos(ua, 'Safari/') > 0 then 'Safari'
    end as browser,
    case
      when strpos(ua, 'Windows') > 0 then 'Windows'
      when strpos(ua, 'iPhone') > 0 or strpos(ua, 'iPod') > 0 then 'iOS'
      when strpos(ua, 'iPad') > 0 then 'iPadOS'
      when strpos(ua, 'Android') > 0 then 'Android'
      when strpos(ua, 'CrOS') > 0 then 'ChromeOS'
      when strpos(ua, 'Macintosh') > 0 or strpos(ua, 'Mac OS X') > 0 then 'macOS'
      when strpos(ua, 'Linux') > 0 then 'Linux'
    end as system
  from headers
)
update sessions s set device = case
    when p.system is null then coalesce(p.browser, 'Unknown browser')
    else coalesce(p.browser, 'Unknown browser') || ' on ' || p.system
  end
from parsed p
where p.id = s.id;

-- From here on the service always names the device (sessions-store.ts).
alter table sessions alter column device drop default;
alter table sessions drop column ip, drop column user_agent;

-- Failed sign-in counters were named by the raw address ("ip:203.0.113.9") and by an unkeyed hash
-- of the e-mail and address (reversed by trying every IPv4 address); they are now named by HMACs
-- under an installation key (domain/accounts/sign-in.ts). The old ones count a day at most: forgotten.
delete from sign_in_failures;
