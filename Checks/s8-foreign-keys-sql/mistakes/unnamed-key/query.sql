-- Exercise s8-foreign-keys-sql · write the SQL · chapter 8, "Keys and associations"
--
-- The generator turns each foreign key into a belongsTo and a hasMany. List
-- what it reads: every foreign key column of every table, as one text
-- `child.column → parent.column`, by child table then column.
-- sqlite_schema lists the tables (type = 'table'); a pragma is also a table
-- function: pragma_foreign_key_list('match') has one row per key column
-- (columns "table" = the parent, "from", "to"). Careful: a key written
-- `REFERENCES team` without a column points at the parent's primary key.
-- Column: key. Lines starting with -- are ignored.
SELECT child.name || '.' || fk."from" || ' → ' || fk."table" || '.'
       || coalesce(fk."to", (SELECT parent.name FROM pragma_table_info(fk."table") AS parent WHERE parent.pk = 1))
FROM sqlite_schema AS child
JOIN pragma_foreign_key_list(child.name) AS fk
WHERE child.type = 'table'
ORDER BY child.name, fk."from";
