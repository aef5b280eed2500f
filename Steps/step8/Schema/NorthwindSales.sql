/* The rest of Northwind: customers, employees, orders and shipping.

   Step 6's catalog.sql holds Northwind's Categories, Suppliers and Products;
   this file adds the other ten tables of the Northwind sample database, with
   the same table names, column names, types, keys and CHECK constraints, and
   no rows. Together the two files are Northwind's schema, so that the
   generated records read any Northwind database (`step8 verify`).
   Step 8 only generates records from this file: nothing runs it at run time. */

CREATE TABLE [CustomerDemographics] (
  [CustomerTypeID] TEXT NOT NULL,
  [CustomerDesc]   TEXT,
  PRIMARY KEY ([CustomerTypeID])
);

CREATE TABLE [Customers] (
  [CustomerID]   TEXT,
  [CompanyName]  TEXT,
  [ContactName]  TEXT,
  [ContactTitle] TEXT,
  [Address]      TEXT,
  [City]         TEXT,
  [Region]       TEXT,
  [PostalCode]   TEXT,
  [Country]      TEXT,
  [Phone]        TEXT,
  [Fax]          TEXT,
  PRIMARY KEY ([CustomerID])
);

/* A many-to-many link: the primary key is both foreign keys. */
CREATE TABLE [CustomerCustomerDemo] (
  [CustomerID]     TEXT NOT NULL,
  [CustomerTypeID] TEXT NOT NULL,
  PRIMARY KEY ([CustomerID], [CustomerTypeID]),
  FOREIGN KEY ([CustomerID]) REFERENCES [Customers] ([CustomerID]),
  FOREIGN KEY ([CustomerTypeID]) REFERENCES [CustomerDemographics] ([CustomerTypeID])
);

/* ReportsTo refers to another employee: a foreign key to its own table. */
CREATE TABLE [Employees] (
  [EmployeeID]      INTEGER PRIMARY KEY AUTOINCREMENT,
  [LastName]        TEXT,
  [FirstName]       TEXT,
  [Title]           TEXT,
  [TitleOfCourtesy] TEXT,
  [BirthDate]       DATE,
  [HireDate]        DATE,
  [Address]         TEXT,
  [City]            TEXT,
  [Region]          TEXT,
  [PostalCode]      TEXT,
  [Country]         TEXT,
  [HomePhone]       TEXT,
  [Extension]       TEXT,
  [Photo]           BLOB,
  [Notes]           TEXT,
  [ReportsTo]       INTEGER,
  [PhotoPath]       TEXT,
  FOREIGN KEY ([ReportsTo]) REFERENCES [Employees] ([EmployeeID])
);

CREATE TABLE [Regions] (
  [RegionID]          INTEGER NOT NULL PRIMARY KEY,
  [RegionDescription] TEXT NOT NULL
);

CREATE TABLE [Territories] (
  [TerritoryID]          TEXT NOT NULL,
  [TerritoryDescription] TEXT NOT NULL,
  [RegionID]             INTEGER NOT NULL,
  PRIMARY KEY ([TerritoryID]),
  FOREIGN KEY ([RegionID]) REFERENCES [Regions] ([RegionID])
);

CREATE TABLE [EmployeeTerritories] (
  [EmployeeID]  INTEGER NOT NULL,
  [TerritoryID] TEXT NOT NULL,
  PRIMARY KEY ([EmployeeID], [TerritoryID]),
  FOREIGN KEY ([EmployeeID]) REFERENCES [Employees] ([EmployeeID]),
  FOREIGN KEY ([TerritoryID]) REFERENCES [Territories] ([TerritoryID])
);

CREATE TABLE [Shippers] (
  [ShipperID]   INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  [CompanyName] TEXT NOT NULL,
  [Phone]       TEXT
);

/* Three dates per order; Freight is NUMERIC, like the products' prices. */
CREATE TABLE [Orders] (
  [OrderID]        INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  [CustomerID]     TEXT,
  [EmployeeID]     INTEGER,
  [OrderDate]      DATETIME,
  [RequiredDate]   DATETIME,
  [ShippedDate]    DATETIME,
  [ShipVia]        INTEGER,
  [Freight]        NUMERIC DEFAULT 0,
  [ShipName]       TEXT,
  [ShipAddress]    TEXT,
  [ShipCity]       TEXT,
  [ShipRegion]     TEXT,
  [ShipPostalCode] TEXT,
  [ShipCountry]    TEXT,
  FOREIGN KEY ([EmployeeID]) REFERENCES [Employees] ([EmployeeID]),
  FOREIGN KEY ([CustomerID]) REFERENCES [Customers] ([CustomerID]),
  FOREIGN KEY ([ShipVia]) REFERENCES [Shippers] ([ShipperID])
);

/* A table name with a space, and a composite primary key. */
CREATE TABLE [Order Details] (
  [OrderID]   INTEGER NOT NULL,
  [ProductID] INTEGER NOT NULL,
  [UnitPrice] NUMERIC NOT NULL DEFAULT 0,
  [Quantity]  INTEGER NOT NULL DEFAULT 1,
  [Discount]  REAL NOT NULL DEFAULT 0,
  PRIMARY KEY ([OrderID], [ProductID]),
  CHECK ([Discount] >= (0) AND [Discount] <= (1)),
  CHECK ([Quantity] > (0)),
  CHECK ([UnitPrice] >= (0)),
  FOREIGN KEY ([OrderID]) REFERENCES [Orders] ([OrderID]),
  FOREIGN KEY ([ProductID]) REFERENCES [Products] ([ProductID])
);
