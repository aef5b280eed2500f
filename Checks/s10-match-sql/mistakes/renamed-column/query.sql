-- Exercise s10-match-sql · write the SQL · chapter 10, "Ranked, with a snippet"
--
-- Table: product_fts, an FTS5 table with one column, product
--   (tokenize = 'unicode61 remove_diacritics 2').
-- Write one SELECT: the products whose name has the word "smoked", best
-- match first, as FTS5's bm25 ranks them.
-- Columns: product. Lines starting with -- are ignored.
SELECT product AS name FROM product_fts
WHERE product_fts MATCH 'smoked'
ORDER BY bm25(product_fts);
