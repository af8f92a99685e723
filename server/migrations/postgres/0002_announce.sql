-- PostgreSQL only: every committed change of a game is announced to every instance by the
-- database itself. NOTIFY is delivered when (and only if) its transaction commits, so a
-- change and its announcement cannot part: an instance that dies right after a commit has
-- announced it all the same.
--
-- The payload is '<game id> <state id> <lobby> <origin>': lobby is 1 when the game appeared
-- in or moved between the lobby's lists (created, joined, cancelled, finished), origin the
-- application_name of the connection that made the change (each instance names its own, and
-- skips what it announced itself).

CREATE FUNCTION outflank_announce() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('outflank', concat_ws(' ', NEW.id, NEW.state_id,
        CASE WHEN TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status THEN 1 ELSE 0 END,
        current_setting('application_name', true)));
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER games_announce_insert AFTER INSERT ON games
    FOR EACH ROW EXECUTE FUNCTION outflank_announce();

-- Only changes of state: the leader-board figures written after a game's end (same state
-- id, same transaction) are not news.
CREATE TRIGGER games_announce_update AFTER UPDATE ON games
    FOR EACH ROW WHEN (OLD.state_id IS DISTINCT FROM NEW.state_id)
    EXECUTE FUNCTION outflank_announce();
