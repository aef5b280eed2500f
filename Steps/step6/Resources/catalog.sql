-- The catalog step 6 ships with: `make catalog` turns this file into
-- catalog.sqlite, the database bundled with the program as a resource.
--
-- The three tables follow the schema of the Northwind sample database
-- (tables Categories, Suppliers, Products: same column names, types,
-- defaults, CHECK constraints and foreign keys), so that step 6 opens any
-- Northwind database too. The rows are this course's own: a made-up
-- pantry of 8 categories, 10 suppliers and 40 products.
--
-- Plain SQL only (no sqlite3 dot-commands): the test that compares this file
-- with catalog.sqlite runs it through GRDB.

CREATE TABLE [Categories] (
  [CategoryID]   INTEGER PRIMARY KEY AUTOINCREMENT,
  [CategoryName] TEXT,
  [Description]  TEXT,
  [Picture]      BLOB
);

CREATE TABLE [Suppliers] (
  [SupplierID]   INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  [CompanyName]  TEXT NOT NULL,
  [ContactName]  TEXT,
  [ContactTitle] TEXT,
  [Address]      TEXT,
  [City]         TEXT,
  [Region]       TEXT,
  [PostalCode]   TEXT,
  [Country]      TEXT,
  [Phone]        TEXT,
  [Fax]          TEXT,
  [HomePage]     TEXT
);

-- Prices are NUMERIC and Discontinued is TEXT holding '0' or '1', as in
-- Northwind: the records in Northwind.swift convert both.
CREATE TABLE [Products] (
  [ProductID]       INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  [ProductName]     TEXT NOT NULL,
  [SupplierID]      INTEGER,
  [CategoryID]      INTEGER,
  [QuantityPerUnit] TEXT,
  [UnitPrice]       NUMERIC DEFAULT 0,
  [UnitsInStock]    INTEGER DEFAULT 0,
  [UnitsOnOrder]    INTEGER DEFAULT 0,
  [ReorderLevel]    INTEGER DEFAULT 0,
  [Discontinued]    TEXT NOT NULL DEFAULT '0',
  CHECK ([UnitPrice] >= (0)),
  CHECK ([ReorderLevel] >= (0)),
  CHECK ([UnitsInStock] >= (0)),
  CHECK ([UnitsOnOrder] >= (0)),
  FOREIGN KEY ([CategoryID]) REFERENCES [Categories] ([CategoryID])
    ON DELETE NO ACTION ON UPDATE NO ACTION,
  FOREIGN KEY ([SupplierID]) REFERENCES [Suppliers] ([SupplierID])
    ON DELETE NO ACTION ON UPDATE NO ACTION
);

-- One INSERT per table: three statements, so the script is quick even
-- without BEGIN … COMMIT around it.
INSERT INTO [Categories] ([CategoryID], [CategoryName], [Description]) VALUES
  (1, 'Infusions',      'Teas, tisanes and cold brews'),
  (2, 'Preserves',      'Jams, chutneys, pickles and honey'),
  (3, 'Bakery',         'Breads, crackers and biscuits'),
  (4, 'Cheeses',        'Farmhouse cheeses'),
  (5, 'Grains & Pasta', 'Flours, rice, noodles and pasta'),
  (6, 'Smokehouse',     'Cured meats and smoked fish'),
  (7, 'Orchard',        'Dried fruit, nuts and seeds'),
  (8, 'Sweets',         'Chocolate, toffee and fudge');

INSERT INTO [Suppliers] ([SupplierID], [CompanyName], [ContactName], [ContactTitle], [Address], [City], [Region], [PostalCode], [Country], [Phone], [Fax], [HomePage]) VALUES
  (1,  'Larchwood Provisions', 'Mira Oakes',     'Sales Manager',        '14 Tannery Lane',     'Keswick',   'Cumbria',           'CA12 5XY', 'UK',          '(017687) 555-014', NULL,               NULL),
  (2,  'Fjordlys Handel',      'Sigrid Vale',    'Export Manager',       'Bryggen 7',           'Bergen',    NULL,                '5003',     'Norway',      '55 55 01 23',      '55 55 01 24',      NULL),
  (3,  'Casa Albero',          'Tomás Ferrer',   'Owner',                'Carrer del Pi 22',    'Girona',    'Catalonia',         '17001',    'Spain',       '(972) 555 210',    NULL,               NULL),
  (4,  'Maison Grésille',      'Élodie Marchal', 'Purchasing Agent',     '3 rue des Tanneurs',  'Annecy',    NULL,                '74000',    'France',      '04.50.55.12.34',   '04.50.55.12.35',   NULL),
  (5,  'Hollerbach Mühle',     'Jonas Brenner',  'Miller',               'Am Mühlbach 5',       'Freiburg',  'Baden-Württemberg', '79098',    'Germany',     '(0761) 555 4411',  NULL,               NULL),
  (6,  'Kestrel Bay Smokery',  'Aidan Roe',      'Head Smoker',          '2 Harbour Road',      'Cobh',      'Cork',              'P24 0000', 'Ireland',     '(021) 555 9090',   NULL,               NULL),
  (7,  'Sakurayama Foods',     'Haruto Mori',    'Sales Representative', '2-8 Kiyomizu',        'Kyoto',     NULL,                '605-0862', 'Japan',       '(075) 555-3187',   NULL,               NULL),
  (8,  'Prairie Lantern Co.',  'Dana Whitfield', 'Marketing Manager',    '410 Elm Street',      'Saskatoon', 'SK',                'S7K 1J5',  'Canada',      '(306) 555-0177',   '(306) 555-0178',   NULL),
  (9,  'Tasman Ridge Growers', 'Ruby Kaur',      'Coordinator',          '88 Orchard Road',     'Nelson',    NULL,                '7010',     'New Zealand', '(03) 555 6612',    NULL,               NULL),
  (10, 'Quinta do Sobral',     'Inês Louro',     'Owner',                'Rua das Oliveiras 9', 'Évora',     NULL,                '7000-001', 'Portugal',    '(266) 555 404',    NULL,               NULL);

-- Some names are there for the search lesson: a '%' ("100% Rye …" next to
-- "1000-Flower …"), quotes (Pim's, "Kestrel Cut"), accents (Crème, Pâte).
INSERT INTO [Products] ([ProductID], [ProductName], [SupplierID], [CategoryID], [QuantityPerUnit], [UnitPrice], [UnitsInStock], [UnitsOnOrder], [ReorderLevel], [Discontinued]) VALUES
  (1,  'Larchwood Breakfast Tea',     1,  1, '4 boxes x 20 bags',   11.50, 40,  0, 10, '0'),
  (2,  'Hojicha Roasted Green Tea',   7,  1, '12 tins x 80 g',      16,    25, 10, 10, '0'),
  (3,  'Rooibos Vanilla Infusion',    9,  1, '10 boxes x 25 bags',   9.75,  0, 30, 15, '0'),
  (4,  'Mountain Mint Tisane',        5,  1, '24 bags x 30 g',       7.20, 60,  0, 20, '0'),
  (5,  'Yuzu Cold Brew Sachets',      7,  1, '6 packs x 10 sachets', 13.40, 18, 0,  5, '1'),
  (6,  '1000-Flower Honey',           8,  2, '12 jars x 350 g',     14,    33,  0, 10, '0'),
  (7,  'Bitter Orange Marmalade',     3,  2, '12 jars x 340 g',      8.90, 21,  0,  5, '0'),
  (8,  'Fig & Walnut Chutney',        4,  2, '6 jars x 250 g',      10.50, 12, 12, 10, '0'),
  (9,  'Pickled Sea Fennel',          10, 2, '12 jars x 180 g',     12.25,  7,  0,  5, '0'),
  (10, 'Crème de Marrons',            4,  2, '24 tins x 250 g',     19,    15,  0,  5, '0'),
  (11, 'Pâte de Coing',               3,  2, '10 blocks x 400 g',   17.50,  9,  0,  5, '0'),
  (12, '100% Rye Sourdough Loaf',     5,  3, '10 loaves x 750 g',    6.40, 20,  0, 10, '0'),
  (13, 'Granny Pim''s Ginger Snaps',  1,  3, '24 packs x 200 g',     4.80, 55,  0, 20, '0'),
  (14, 'Seaweed Rice Crackers',       7,  3, '20 bags x 100 g',      5.60, 40,  0, 15, '0'),
  (15, 'Oat & Honey Flapjacks',       8,  3, '12 trays x 6 pieces',  8.25,  0, 24, 10, '0'),
  (16, 'Rosemary Grissini',           10, 3, '16 packs x 125 g',     3.95, 70,  0, 25, '0'),
  (17, 'Fell Top Crumbly',            1,  4, '6 wheels x 1 kg',     28,    14,  0,  5, '0'),
  (18, 'Brunost Caramel Cheese',      2,  4, '10 blocks x 500 g',   21.60, 22,  0, 10, '0'),
  (19, 'Alpine Tomme Réserve',        4,  4, '4 wheels x 2.5 kg',   54,     6,  4,  5, '0'),
  (20, 'Smoked Goat Log',             6,  4, '12 logs x 200 g',     11.80, 17,  0,  5, '0'),
  (21, 'Sheep''s Milk Curado',        10, 4, '8 pieces x 750 g',    32.50,  9,  0,  5, '0'),
  (22, 'Stoneground Spelt Flour',     5,  5, '10 bags x 1 kg',       5.20, 80,  0, 30, '0'),
  (23, 'Buckwheat Soba',              7,  5, '20 packs x 300 g',     6.90, 35,  0, 15, '0'),
  (24, 'Prairie Wild Rice',           8,  5, '12 bags x 500 g',     12,    18,  0, 10, '0'),
  (25, 'Bronze-Cut Trofie',           3,  5, '24 bags x 500 g',      4.30, 64,  0, 20, '0'),
  (26, 'Barley Couscous',             2,  5, '12 boxes x 400 g',     3.70,  0,  0, 10, '1'),
  (27, 'Smoked Trout "Kestrel Cut"',  6,  6, '10 packs x 150 g',    15.90, 12, 20, 10, '0'),
  (28, 'Juniper Cured Ham',           2,  6, '6 pieces x 1 kg',     42,     5,  0,  5, '0'),
  (29, 'Paprika Chorizo Links',       3,  6, '20 packs x 250 g',     9.40, 26,  0, 10, '0'),
  (30, 'Hot-Smoked Mackerel',         6,  6, '12 fillets x 120 g',   7.75,  0,  0, 10, '1'),
  (31, 'Cold-Smoked Salmon Side',     2,  6, '4 sides x 1.2 kg',    61,     8,  0,  4, '0'),
  (32, 'Toasted Hazelnuts',           5,  7, '12 bags x 200 g',      6.60, 45,  0, 15, '0'),
  (33, 'Dried Tart Cherries',         8,  7, '12 bags x 250 g',      9.10, 31,  0, 10, '0'),
  (34, 'Pumpkin Seed Mix',            9,  7, '20 bags x 150 g',      4.20, 52,  0, 20, '0'),
  (35, 'Sun-Dried Apricots',          10, 7, '12 bags x 300 g',      7.90,  3, 40, 10, '0'),
  (36, 'Kiwi Berry Crisps',           9,  7, '24 bags x 50 g',       3.30,  0,  0,  5, '1'),
  (37, 'Brûlée Toffee Shards',        4,  8, '12 tins x 150 g',      8.60, 28,  0, 10, '0'),
  (38, 'Salted Liquorice Wheels',     2,  8, '30 bags x 100 g',      5.10, 48,  0, 20, '0'),
  (39, 'Maple Fudge Squares',         8,  8, '12 boxes x 200 g',    10.20, 16,  0, 10, '0'),
  (40, 'Matcha White Chocolate',      7,  8, '20 bars x 80 g',       4.90, 37,  0, 15, '0');
