import { Navigate, Route, Routes } from 'react-router';
import { NotAvailable } from '@budget/web';
import './reports.css';

/**
 * The reports remote. The server has no report routes yet, so /reports says so instead of
 * calling them (`ReportsPage` waits for them).
 */
export default function App() {
  return (
    <Routes>
      <Route path="/reports" element={<NotAvailable title="Reports" />} />
      <Route path="*" element={<Navigate to="/reports" replace />} />
    </Routes>
  );
}
