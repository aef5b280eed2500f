-- Exercise s6-category-sql · write the SQL · chapter 6, "Records for someone else's schema"
--
-- Tables (Northwind's): Categories (CategoryID, CategoryName),
--   Products (ProductID, ProductName, CategoryID, UnitPrice, Discontinued TEXT '0' or '1')
-- Write one SELECT: for each category that has products still sold
-- (Discontinued = '0'), its name, how many such products, and their average
-- price rounded to 2 decimals; the category with most products first, ties
-- by name. Columns: CategoryName, products, averagePrice.
-- Lines starting with -- are ignored.
SELECT Categories.CategoryName, count(*) AS products, round(avg(Products.UnitPrice), 2)
FROM Products
JOIN Categories ON Categories.CategoryID = Products.CategoryID
WHERE Products.Discontinued = '0'
GROUP BY Categories.CategoryID
ORDER BY products DESC, Categories.CategoryName;
