-- Which node (host:pid) ran a background job: with several app nodes on one database, operators
-- (npm run cli -- jobs:runs) and the two-node test see that each job ran on one node only.
alter table job_runs add column node text;
