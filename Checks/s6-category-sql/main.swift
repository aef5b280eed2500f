import ExerciseSupport

let setup = """
    CREATE TABLE Categories (CategoryID INTEGER PRIMARY KEY, CategoryName TEXT);
    CREATE TABLE Products (ProductID INTEGER PRIMARY KEY, ProductName TEXT NOT NULL, CategoryID INTEGER,
      UnitPrice NUMERIC DEFAULT 0, Discontinued TEXT NOT NULL DEFAULT '0');
    INSERT INTO Categories VALUES (1, 'Beverages'), (2, 'Condiments'), (3, 'Seafood'), (4, 'Produce');
    INSERT INTO Products (ProductName, CategoryID, UnitPrice, Discontinued) VALUES
      ('Chai', 1, 18, '0'), ('Chang', 1, 19, '0'), ('Guaraná', 1, 4.5, '1'),
      ('Aniseed Syrup', 2, 10, '0'), ('Ikura', 3, 31, '0'), ('Konbu', 3, 6, '0'),
      ('Carnarvon Tigers', 3, 62.5, '0'), ('Mishi Kobe Niku', 4, 97, '1');
    """

runQueryCheck(
    "s6-category-sql", "categories with products still sold: count and average price, most first", setup: setup,
    expected: [["Seafood", "3", "33.17"], ["Beverages", "2", "18.5"], ["Condiments", "1", "10.0"]])
