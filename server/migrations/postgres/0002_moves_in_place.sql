-- PostgreSQL only: a move rewrites its game's row. When no indexed column changes and the
-- row's page has room, PostgreSQL writes the new version in place (a "HOT" update: no new
-- index entries, less WAL, no index bloat to vacuum). The deadline changes with every move,
-- so its index goes: the reapers find the games past their deadline among the games being
-- played through the status index (at most some thousands of rows, read once a second); and
-- the pages of games keep room for the next versions of their rows.
DROP INDEX games_deadline;
ALTER TABLE games SET (fillfactor = 70);
