import { Navigate, Route, Routes } from 'react-router';
import { ReportsPage } from './ReportsPage.js';
import './reports.css';

/** The reports remote (product-spec §2 "Reports", §7 Reports): /reports and /reports/<report id>. */
export default function App() {
  return (
    <Routes>
      <Route path="/reports" element={<ReportsPage />} />
      <Route path="/reports/:reportId" element={<ReportsPage />} />
      <Route path="*" element={<Navigate to="/reports" replace />} />
    </Routes>
  );
}
