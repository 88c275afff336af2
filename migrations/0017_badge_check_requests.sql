-- "Check now" on the site's launch page: when the owner last asked for a badge check. The page
-- shows the check as under way until a badge_checks row newer than this appears, and the
-- request is refused while one is under way or the last request or check was moments ago.
alter table listings add column badge_check_requested_at timestamptz;
