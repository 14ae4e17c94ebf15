import { Navigate, Route, Routes } from 'react-router';
import { BillsPage } from './bills/BillsPage.js';
import { HomePage } from './categories/HomePage.js';
import { AutoAssignmentsPage } from './rules/AutoAssignmentsPage.js';
import './home.css';

/**
 * The budget remote: categories and their registers, bills, and the auto-assignment rules.
 */
export default function App() {
  return (
    <Routes>
      <Route path="/home" element={<HomePage />} />
      <Route path="/home/rebalances" element={<HomePage rebalances />} />
      <Route path="/home/:categoryId" element={<HomePage />} />
      <Route path="/bills" element={<BillsPage />} />
      <Route path="/auto-assignments" element={<AutoAssignmentsPage />} />
      <Route path="*" element={<Navigate to="/home" replace />} />
    </Routes>
  );
}
