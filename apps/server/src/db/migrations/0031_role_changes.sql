-- Nothing to change: a role cache that needed a trigger on user_roles was left out (a role granted through another
-- connection could be read stale on this instance until the notice arrived), so roles are read per request. The file
-- stays so the migrations after it keep their numbers.
SELECT 1;
