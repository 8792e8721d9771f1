/** A column of a server's Table (meta.k8s.io/v1 TableColumnDefinition). */
export interface TableColumn {
  name: string;
  type: string;
  format?: string;
  /** 0: always shown; higher: `-o wide` only. */
  priority: number;
}
