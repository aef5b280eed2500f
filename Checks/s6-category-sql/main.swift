import ExerciseSupport

let setup = """
    CREATE TABLE Categories (CategoryID INTEGER PRIMARY KEY, CategoryName TEXT);
    CREATE TABLE Products (ProductID INTEGER PRIMARY KEY, ProductName TEXT NOT NULL, CategoryID INTEGER,
      UnitPrice NUMERIC DEFAULT 0, Discontinued TEXT NOT NULL DEFAULT '0');
    INSERT INTO Categories VALUES (1, 'Beverages'), (5, 'Condiments'), (3, 'Seafood'), (4, 'Produce'), (2, 'Cereals');
    INSERT INTO Products (ProductName, CategoryID, UnitPrice, Discontinued) VALUES
      ('Chai', 1, 18, '0'), ('Chang', 1, 19, '0'), ('Guaraná', 1, 4.5, '1'),
      ('Aniseed Syrup', 5, 10, '0'), ('Ikura', 3, 31, '0'), ('Konbu', 3, 6, '0'),
      ('Carnarvon Tigers', 3, 62.5, '0'), ('Mishi Kobe Niku', 4, 97, '1'), ('Müsli', 2, 7.25, '0');
    """
// Cereals (2) and Condiments (5) tie on one product each: grouped by CategoryID, SQLite's
// plan gives Condiments first unless the query orders ties by name.

// edge(column-names, unnamed-average): the task names the columns CategoryName, products, averagePrice
// edge(domain, discontinued-kept): Discontinued holds '0' and '1', as in the catalog: Guaraná is '1'
// edge(ties, no-tie-break): Cereals and Condiments, one product each: by name
runQueryCheck(
    "s6-category-sql", "categories with products still sold: count and average price, most first", setup: setup,
    expected: [
        ["Seafood", "3", "33.17"], ["Beverages", "2", "18.5"], ["Cereals", "1", "7.25"], ["Condiments", "1", "10.0"],
    ],
    rules: [
        .columns("three columns: category name, products still sold, average price"),
        .sameValues(
            column: 0, "only categories with products still sold (Produce's only product is discontinued)"),
        QueryRule("counts only products still sold (Discontinued = '0': Guaraná is not)") { rows, expected in
            rows.map { $0[0] + " " + $0[1] }.sorted() == expected.map { $0[0] + " " + $0[1] }.sorted()
        },
        QueryRule("the average price rounded to 2 decimals (round(…, 2))") { rows, _ in
            rows.allSatisfy { ($0[2].split(separator: ".").last?.count ?? 0) <= 2 }
        },
        .sameRows("each category's average price of products still sold"),
        QueryRule("most products first (ORDER BY the count DESC)") { rows, _ in
            zip(rows, rows.dropFirst()).allSatisfy { (Int($0[1]) ?? 0) >= (Int($1[1]) ?? 0) }
        },
        QueryRule("categories with as many products are ordered by name (Cereals before Condiments)") {
            rows, expected in
            rows == expected
        },
    ],
    names: ["CategoryName", "products", "averagePrice"])
