-- Exercise s6-category-sql · write the SQL · chapter 6, "Records for someone else's schema"
--
-- Tables (Northwind's): Categories (CategoryID, CategoryName),
--   Products (ProductID, ProductName, CategoryID, UnitPrice, Discontinued TEXT '0' or '1')
-- Write one SELECT: for each category that has products still sold
-- (Discontinued = '0'), its name, how many such products, and their average
-- price rounded to 2 decimals; the category with most products first, ties
-- by name. Columns: CategoryName, products, averagePrice.
-- Lines starting with -- are ignored.
SELECT c.CategoryName, count(p.ProductID) AS Products, round(avg(p.UnitPrice), 2) AS averageprice
FROM Categories AS c
JOIN Products AS p USING (CategoryID)
WHERE p.Discontinued = '0'
GROUP BY c.CategoryID
ORDER BY 2 DESC, 1;
