-- Finding a user's grant for an app and listing their connected apps read grants by account.
create index oauth_records_grant_account_idx on oauth_records ((payload ->> 'accountId')) where model = 'Grant';
