import '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // The generic names must match the library's declaration for the interfaces to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column takes the width the others leave. */
    grow?: boolean;
  }
}
